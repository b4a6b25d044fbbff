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
 * it), kept on globalThis so every copy of this module shares it.
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

const TURNS = Symbol.for("kestrel.visitorsFirst");
type Holder = { [TURNS]?: Turns };

/** The process's one set of turns. */
export function visitorsFirst(): Turns {
  const holder = globalThis as Holder;
  return (holder[TURNS] ??= new Turns());
}
