/**
 * `npm run bench:admin`: how fast the owner's inbox answers with 50,000 stored requests.
 *
 * Starts the real server on a fresh DATA_DIR, stores 50,000 requests spread over the last 12
 * months (random pages, forms, statuses, a few unsent), signs in (a session made in the store),
 * then asks one page at a time, as the owner does (after a 2 s warm-up), for each of: the inbox's first page, a search
 * by name, the filtered inbox (status New, quote form), and the sources report. DURATION=<seconds>
 * per page shortens it (default 8).
 *
 * Target: p99 latency at most 50 ms for each, the whole answer (the page's HTML) included. Then
 * what the one way in adds to an owner's POST (bench/dispatcher.ts: POSTS=<n> pairs of notes,
 * one each way, default 5,000): at most 1 ms at p99 of each pair's difference. A miss is reported, never an error; the exit code is
 * non-zero only when the benchmark could not run.
 */
import { canonicalPaths } from "../app/content/index.ts";
import { LEAD_STATUSES } from "../app/lib/requests/status.ts";
import { openStore, signedInOwner } from "../tests/support/owner.ts";
import { dispatcherCost } from "./dispatcher.ts";
import { BenchError, envNumber, environmentLine, fmt, main, markdownTable, met, publish, runAutocannon, withServer } from "./support.ts";

const REQUESTS = 50_000;
const TARGET_P99_MS = 50;
const TARGET_ADDED_P99_MS = 1;
const FIRST_NAMES = ["Jane", "Raj", "Sarah", "Tom", "Aisha", "Gareth", "Lucy", "Mohammed", "Emma", "Wojciech", "Chloe", "Daniel"];
const LAST_NAMES = ["Roofless", "Patel", "Miles", "Okafor", "Hughes", "Nowak", "Smith", "Khan", "Evans", "Brown", "Taylor", "Wilson"];

function seed(dataDir: string) {
  const store = openStore(dataDir);
  const pages = canonicalPaths();
  const now = Date.now();
  let random = 42;
  const next = (n: number) => {
    random = (random * 1_103_515_245 + 12_345) % 2 ** 31;
    return random % n;
  };
  try {
    store.db.exec("BEGIN");
    const update = store.db.prepare("UPDATE leads SET status = ? WHERE id = ?");
    for (let i = 0; i < REQUESTS; i++) {
      const name = `${FIRST_NAMES[next(FIRST_NAMES.length)]} ${LAST_NAMES[next(LAST_NAMES.length)]} ${i}`;
      const lead = store.add(
        {
          form: next(3) ? "quote" : "contact",
          page: pages[next(pages.length)]!,
          name,
          email: `person${i}@example.org`,
          phone: `07700 ${String(900_000 + (i % 1000)).padStart(6, "0")}`,
          location: `SG${1 + next(9)} ${next(10)}${"ABDEFGHJ"[next(8)]}${"ABDEFGHJ"[next(8)]}`,
          message: "Two slipped tiles above the back bedroom, and the valley is leaking when it rains hard.",
        },
        { notify: next(500) === 0, now: new Date(now - next(365 * 86_400) * 1000) },
      );
      const status = LEAD_STATUSES[next(LEAD_STATUSES.length)]!;
      if (status !== "new") update.run(status, lead.id);
    }
    store.db.exec("COMMIT");
    // As months of requests would be: in the database file, not waiting in the write-ahead log.
    store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    store.close();
  }
}

const PAGES = [
  { what: "inbox, first page", path: "/admin" },
  { what: "search by name", path: "/admin?q=patel+1234" },
  { what: "filtered: New, quote form", path: "/admin?status=new&form=quote" },
  { what: "sources report", path: "/admin/sources" },
];

main(async () => {
  const duration = envNumber("DURATION", 8);
  await withServer(async (server) => {
    const seeded = performance.now();
    seed(server.dataDir);
    console.log(`stored ${fmt(REQUESTS)} requests in ${fmt((performance.now() - seeded) / 1000, 1)} s`);
    const { cookie } = signedInOwner(server.dataDir, "Bench");
    const rows: string[][] = [];
    for (const { what, path } of PAGES) {
      const check = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      const html = await check.text();
      if (check.status !== 200 || !html.includes("Sign out")) throw new BenchError(`${path} answered ${check.status}, not the signed-in page`);
      // A warm-up first, so the page's first (unoptimised) runs do not count as its p99.
      await runAutocannon({ url: `${server.url}${path}`, connections: 1, duration: 2, headers: { Cookie: cookie } });
      const result = await runAutocannon({ url: `${server.url}${path}`, connections: 1, duration, headers: { Cookie: cookie } });
      server.assertRunning();
      if (result.non2xx || result.errors) throw new BenchError(`${path}: ${result.non2xx} answers were not 200 and ${result.errors} failed`);
      rows.push([what, path, fmt(result.requests.total), fmt(result.latency.p50, 1), fmt(result.latency.p99, 1), fmt(result.latency.max, 1), met(result.latency.p99 <= TARGET_P99_MS)]);
    }
    const table = markdownTable(["page", "path", "answers", "p50 ms", "p99 ms", "max ms", `p99 ≤ ${TARGET_P99_MS} ms`], rows, ["l", "l", "r", "r", "r", "r", "l"]);
    const cost = await dispatcherCost(server.dataDir, REQUESTS, envNumber("POSTS", 5000));
    const posts = markdownTable(
      ["an owner's POST (a note)", "p50 ms", "p99 ms", `p99 ≤ ${TARGET_ADDED_P99_MS} ms`],
      [
        ["by hand, as routes did", fmt(cost.byHand.p50, 3), fmt(cost.byHand.p99, 3), ""],
        ["through the dispatcher, with its key", fmt(cost.dispatched.p50, 3), fmt(cost.dispatched.p99, 3), ""],
        ["added by the dispatcher, pair by pair, by the clock", fmt(cost.added.p50, 3), fmt(cost.added.p99, 3), met(cost.added.p99 <= TARGET_ADDED_P99_MS)],
        ["added by the dispatcher, pair by pair, in processor time", fmt(cost.addedCpu.p50, 3), fmt(cost.addedCpu.p99, 3), met(cost.addedCpu.p99 <= TARGET_ADDED_P99_MS)],
      ],
      ["l", "r", "r", "l"],
    );
    publish(
      "admin",
      `# Owner's inbox with ${fmt(REQUESTS)} stored requests\n\nOne signed-in owner asking one page at a time for ${duration} s each; latency of the whole HTML answer.\n\n${table}\n\n## What the one way in adds to an owner's POST\n\n${fmt(cost.posts)} pairs of notes, one each way, in turn first, in one process on the same database; the added time is each pair's difference. The posted request, its key and the commit's flush to disk are not timed; processor time leaves out the waits for a processor on a busy machine (bench/dispatcher.ts).\n\n${posts}\n\n${environmentLine()}\n`,
    );
  });
});
