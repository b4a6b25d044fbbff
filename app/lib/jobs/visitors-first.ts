/**
 * Visitors first: the background work (pushes to the owner's devices, e-mails, reminders) gives
 * way to the requests visitors are waiting on.
 *
 * While requests keep arriving, a pass of background work starts at most once every `gapMs`, so
 * the main thread goes to answering visitors and a backlog (a burst of spam, say) is worked off
 * once they stop. When no request has arrived for `quietMs`, passes follow each other at once.
 * A lone request still has its push sent at once: its pass is the first in a long while.
 *
 * One instance serves the whole process (the job runner and the owner's e-mails take turns from
 * it), made by the server and handed to each runner. `Passes` runs one kind of
 * background work in passes that take those turns.
 */
export interface TurnOptions {
  /** How long without a request before background work runs flat out. */
  quietMs?: number;
  /** While requests arrive: the least time from one pass's start to the next's. */
  gapMs?: number;
  now?: () => number;
}

export class Turns {
  private readonly quietMs: number;
  private readonly gapMs: number;
  private readonly now: () => number;
  private lastVisitor = Number.NEGATIVE_INFINITY;
  private lastPass = Number.NEGATIVE_INFINITY;

  constructor({ quietMs = 250, gapMs = 100, now = () => performance.now() }: TurnOptions = {}) {
    this.quietMs = quietMs;
    this.gapMs = gapMs;
    this.now = now;
  }

  /** A visitor's request has arrived. */
  visitor() {
    this.lastVisitor = this.now();
  }

  /** How long a pass wanting to start now must wait (0: it may start). */
  wait(): number {
    const now = this.now();
    if (now - this.lastVisitor >= this.quietMs) return 0;
    return Math.max(0, Math.min(this.lastPass + this.gapMs, this.lastVisitor + this.quietMs) - now);
  }

  /** Resolves when a pass of background work may start, and counts it as started. */
  async pass(): Promise<void> {
    for (let wait = this.wait(); wait > 0; wait = this.wait()) {
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
    }
    this.lastPass = this.now();
  }
}

/**
 * One kind of background work, run in passes. One run at a time: a call during a run asks for one
 * more pass after it, so work queued meanwhile is not left for the next timer tick. Each pass
 * waits its turn behind visitors; passes follow each other while the last one says more may be
 * waiting. `stop` ends the run after the pass under way; what is left waits in the database.
 */
export class Passes {
  private readonly pass: () => Promise<boolean>;
  private readonly turns: Turns;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  /** `pass` does one pass's work and says whether more may be waiting. */
  constructor(pass: () => Promise<boolean>, turns: Turns = new Turns()) {
    this.pass = pass;
    this.turns = turns;
  }

  /** Runs passes until none is left to do; resolves when idle. */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let more: boolean;
      do {
        this.again = false;
        await this.turns.pass();
        more = await this.pass();
      } while ((this.again || more) && !this.stopped);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}
