/**
 * What the one way in (decision 28) adds to an owner's POST, and only that: a note added to a
 * request posted through the dispatcher (its key looked up, the action picked and its request
 * found, the form parsed by the action's schema, the change, the key and the audit line's name in
 * one transaction, the redirect), against the same note added the way a route did it by hand
 * before (the form read and parsed by the same schema, then the store's own transaction).
 *
 * Both run in this process on the benchmark's database, in pairs: each pair is one post each
 * way, in turn first, and what the dispatcher added is the pair's difference, so that what both
 * share (the machine being busy a moment, the collector) falls on both. Left out of the timing, as
 * not the dispatcher's: the posted request and its key (made by the page when it is rendered),
 * and the flush of the one commit to disk, which both ways make once (on a shared disk its wait
 * swamps the difference; the bench's own connection does not wait for it, and the write-ahead log
 * is folded into the database between pairs, never within one).
 *
 * Each post is timed twice: by the clock (what the owner waits), and by the processor time this
 * process spent on it (user and system, all its threads), which leaves out the moments the
 * process waited for a processor on a busy machine: on a shared machine the clock's p99 is the
 * machine's, the processor time's is the code's.
 */
import { RouterContextProvider } from "react-router";
import { fileContent } from "../app/content/index.ts";
import type { AnyAction } from "../app/lib/actions/define.ts";
import { dispatch } from "../app/lib/actions/dispatch.server.ts";
import { makeOnceKey } from "../app/lib/actions/once-key.ts";
import { parseForm } from "../app/lib/forms/parse-form.ts";
import { readForm } from "../app/lib/forms/read-form.server.ts";
import { addNote } from "../app/lib/requests/inbox.server.ts";
import { requestNote } from "../app/lib/action-table/requests.server.ts";
import { contentContext, servicesContext } from "../app/lib/services/services.ts";
import { openStore } from "../tests/support/owner.ts";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Pairs run first that do not count (the code's first, unoptimised runs). */
const WARM_UP = 200;
/** Pairs between two folds of the write-ahead log into the database. */
const FOLD_EVERY = 100;

interface Spread {
  p50: number;
  p99: number;
}

export interface DispatcherCost {
  posts: number;
  byHand: Spread;
  dispatched: Spread;
  /** What the dispatcher added, pair by pair, by the clock. */
  added: Spread;
  /** What it added, pair by pair, in processor time. */
  addedCpu: Spread;
}

/** A post's time by the clock and in processor time, in ms. */
interface Took {
  wall: number;
  cpu: number;
}

/** Times `run`, by the clock and in this process's processor time. */
async function timed<T>(run: () => Promise<T>): Promise<[T, Took]> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await run();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return [result, { wall, cpu: (used.user + used.system) / 1000 }];
}

/** `posts` pairs of notes on request `leadId` of the database in `dataDir`; latencies in ms. */
export async function dispatcherCost(dataDir: string, leadId: number, posts: number): Promise<DispatcherCost> {
  const store = openStore(dataDir);
  try {
    store.db.exec("PRAGMA synchronous = OFF; PRAGMA wal_autocheckpoint = 0");
    const context = new RouterContextProvider();
    context.set(servicesContext, { store, ownerMail: false, ackHourlyCap: 30, wake: () => {}, content: () => fileContent, pictures: new Map() });
    context.set(contentContext, fileContent);
    const url = `http://localhost/admin/requests/${leadId}`;
    const params = { id: String(leadId) };
    const actions = [requestNote as AnyAction];
    const form = (once?: string) => new Request(url, { method: "POST", body: new URLSearchParams({ intent: "note", note: "Rang at 9, no answer.", ...(once ? { once } : {}) }) });
    const schema = typeof requestNote.schema === "function" ? undefined : requestNote.schema;
    if (!schema) throw new Error("the note's schema is fixed");

    const byHand = async (request: Request) => {
      const [added, took] = await timed(async () => {
        const parsed = parseForm(schema, await readForm(request));
        return parsed.ok && addNote(store, leadId, parsed.value.note, "Bench");
      });
      if (!added) throw new Error("the note was not added by hand");
      return took;
    };
    const dispatched = async (request: Request) => {
      const [answer, took] = await timed(() => dispatch({ request, params, context }, actions, "Bench"));
      if (!(answer instanceof Response) || answer.status !== 303) throw new Error("the note was not added through the dispatcher");
      return took;
    };

    const times = { byHand: [] as number[], dispatched: [] as number[], added: [] as number[], addedCpu: [] as number[] };
    for (let i = 0; i < posts + WARM_UP; i++) {
      if (i % FOLD_EVERY === 0) store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      const [plain, keyed] = [form(), form(makeOnceKey())];
      let hand: Took, through: Took;
      if (i % 2 === 0) {
        hand = await byHand(plain);
        through = await dispatched(keyed);
      } else {
        through = await dispatched(keyed);
        hand = await byHand(plain);
      }
      if (i < WARM_UP) continue;
      times.byHand.push(hand.wall);
      times.dispatched.push(through.wall);
      times.added.push(through.wall - hand.wall);
      times.addedCpu.push(through.cpu - hand.cpu);
    }
    store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    const spread = (values: number[]): Spread => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    return { posts, byHand: spread(times.byHand), dispatched: spread(times.dispatched), added: spread(times.added), addedCpu: spread(times.addedCpu) };
  } finally {
    store.close();
  }
}
