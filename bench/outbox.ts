/**
 * `npm run bench:outbox`: how long the phone's outbox takes to send 50 actions once the signal is
 * back (issue 36 §5, decision 34). Target: under 10 s on loopback.
 *
 * Starts the real server on a fresh DATA_DIR, signs in (a session made in the store), and sends
 * 50 notes on 10 requests as the outbox does: in the order made, one at a time, each with its own
 * once-only key and the outbox's mark, reading each answer (lib/offline/outbox.ts). Then sends all
 * 50 again, as after 50 lost answers, and checks that each request still has its 5 notes.
 */
import { makeOnceKey } from "../app/lib/actions/once-key.ts";
import { nextToSend, resultOf, type OutboxItem } from "../app/lib/offline/outbox.ts";
import { openStore, signedInOwner } from "../tests/support/owner.ts";
import { BenchError, environmentLine, fmt, main, withServer } from "./support.ts";

const ACTIONS = 50;
const TARGET_MS = 10_000;

main(async () => {
  await withServer(async (server) => {
    const store = openStore(server.dataDir);
    const leads: number[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        leads.push(store.add({ form: "quote", page: "/", name: `Bench ${i}`, email: "", phone: "07700 900456", location: "SG5 1JW", message: "Ridge." }).id);
      }
    } finally {
      store.close();
    }
    const { cookie } = signedInOwner(server.dataDir, "Bench");
    const items: OutboxItem[] = Array.from({ length: ACTIONS }, (_, i) => ({
      seq: i + 1,
      url: `/admin/requests/${leads[i % leads.length]}`,
      page: `/admin/requests/${leads[i % leads.length]}`,
      fields: [["intent", "note"], ["note", `Note ${i + 1}`], ["once", makeOnceKey()]],
      words: `Add note ${i + 1}`,
      madeAt: new Date().toISOString(),
      state: "waiting",
    }));

    async function sendAll(): Promise<number> {
      const outbox = items.map((item) => ({ ...item }));
      const started = performance.now();
      for (;;) {
        const { next } = nextToSend(outbox);
        if (!next) break;
        const answer = await fetch(`${server.url}${next.url}`, { method: "POST", body: new URLSearchParams(next.fields), headers: { Origin: server.url, Cookie: cookie, "X-Owner-Outbox": "1" } });
        const result = resultOf({ status: answer.status, location: answer.headers.get("X-Outbox-Location"), unchanged: answer.headers.get("X-Nothing-Changed") === "1", finalPath: new URL(answer.url).pathname, words: await answer.text() });
        if (!("sent" in result) || !result.sent) throw new BenchError(`${next.words} was not sent: ${JSON.stringify(result)}`);
        outbox.splice(outbox.indexOf(next), 1);
      }
      return performance.now() - started;
    }

    const first = await sendAll();
    const again = await sendAll();
    const check = openStore(server.dataDir);
    try {
      const notes = (check.db.prepare("SELECT count(*) AS n FROM lead_notes").get() as { n: number }).n;
      if (notes !== ACTIONS) throw new BenchError(`${notes} notes stored, not ${ACTIONS}: an action was applied twice or not at all`);
    } finally {
      check.close();
    }
    console.log(environmentLine());
    console.log(`${ACTIONS} actions sent in order, one at a time: ${fmt(first)} ms (target under ${fmt(TARGET_MS)} ms) ${first < TARGET_MS ? "met" : "MISSED"}`);
    console.log(`The same ${ACTIONS} sent again (answers lost): ${fmt(again)} ms, nothing applied twice`);
  });
});
