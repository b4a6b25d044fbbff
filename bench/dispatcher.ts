/**
 * What the one way in (decision 28) adds to an owner's POST: a note added to a request, posted
 * through the dispatcher (its key looked up, the form parsed by the action's schema, the change,
 * the key and the audit line's name in one transaction), against the same note added the way a
 * route did it by hand before (the form read and parsed, then the store's own transaction). Both
 * run in this process on the benchmark's database, turn about, each post with a fresh key.
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

export interface DispatcherCost {
  posts: number;
  byHand: { p50: number; p99: number };
  dispatched: { p50: number; p99: number };
}

/** `posts` notes each way on request `leadId` of the database in `dataDir`; latencies in ms. */
export async function dispatcherCost(dataDir: string, leadId: number, posts: number): Promise<DispatcherCost> {
  const store = openStore(dataDir);
  try {
    const context = new RouterContextProvider();
    context.set(servicesContext, { store, ownerMail: false, ackHourlyCap: 30, wake: () => {}, content: () => fileContent, pictures: new Map() });
    context.set(contentContext, fileContent);
    const url = `http://localhost/admin/requests/${leadId}`;
    const form = (once?: string) => new Request(url, { method: "POST", body: new URLSearchParams({ intent: "note", note: "Rang at 9, no answer.", ...(once ? { once } : {}) }) });
    const schema = typeof requestNote.schema === "function" ? undefined : requestNote.schema;
    if (!schema) throw new Error("the note's schema is fixed");
    const byHand = async () => {
      const parsed = parseForm(schema, await readForm(form()));
      if (!parsed.ok || !addNote(store, leadId, parsed.value.note, "Bench")) throw new Error("the note was not added by hand");
    };
    const dispatched = async () => {
      const answer = await dispatch({ request: form(makeOnceKey()), params: { id: String(leadId) }, context }, [requestNote as AnyAction], "Bench");
      if (!(answer instanceof Response) || answer.status !== 303) throw new Error("the note was not added through the dispatcher");
    };
    const times = { byHand: [] as number[], dispatched: [] as number[] };
    for (let i = 0; i < posts + 50; i++) {
      for (const [way, run] of [["byHand", byHand], ["dispatched", dispatched]] as const) {
        const start = performance.now();
        await run();
        // The first 50 of each warm up, and do not count.
        if (i >= 50) times[way].push(performance.now() - start);
      }
    }
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    return { posts, byHand: summary(times.byHand), dispatched: summary(times.dispatched) };
  } finally {
    store.close();
  }
}
