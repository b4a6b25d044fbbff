/**
 * What counting page views costs (part of `npm run bench:server`): a town page served by two
 * servers at once, one counting (COUNT_VISITS=1) and one not (COUNT_VISITS=0), measured in turns,
 * off then on then off…, so that a change in the machine meanwhile falls on both; and the
 * counting step itself, timed call by call in this process on the counter the server uses.
 *
 * Target: counting adds no measurable time to a page, and the counting step's p99 is under 1 ms.
 * A figure, never a failing test.
 */
import type { AutocannonResult } from "autocannon";
import { Database } from "../app/lib/db/connection.server.ts";
import { VisitCounter } from "../app/lib/insights/counter.server.ts";
import { fmt, loadThenStop, markdownTable, median, met, okPerSecond, runAutocannon, startServer, waitForQuiet, type RunningServer } from "./support.ts";

const TOWN_PAGE = "/areas/roofers-in-maldon/";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const CONNECTIONS = 50;
const ROUNDS = 3;
const STEP_CALLS = 200_000;

/** The counting step alone: `view` called as the server calls it, with visitors, pages and sources varied. */
function stepTimes(): { p50: number; p99: number; max: number; flushMs: number } {
  const db = new Database(":memory:");
  try {
    const counter = new VisitCounter(db);
    const pages = ["/", "/services", "/contact", TOWN_PAGE, "/areas/roofers-in-hitchin/", "/roof-repairs-in-stevenage"];
    const referers = [undefined, "https://www.google.co.uk/", "https://l.facebook.com/", "https://www.kestrel.example/services"];
    const times = new Float64Array(STEP_CALLS);
    for (let i = 0; i < STEP_CALLS; i++) {
      const served = {
        method: "GET",
        path: pages[i % pages.length]!,
        query: new URLSearchParams(i % 50 === 0 ? "utm_source=newsletter&utm_medium=email" : ""),
        headers: { "user-agent": PHONE, referer: referers[i % referers.length] },
        address: `198.51.${(i >> 8) & 255}.${i & 255}`,
        host: "www.kestrel.example",
        owner: false,
      };
      const start = performance.now();
      counter.view(served);
      times[i] = performance.now() - start;
    }
    const flushStart = performance.now();
    counter.flush();
    const flushMs = performance.now() - flushStart;
    const sorted = [...times].sort((a, b) => a - b);
    return { p50: sorted[Math.floor(STEP_CALLS * 0.5)]!, p99: sorted[Math.floor(STEP_CALLS * 0.99)]!, max: sorted[STEP_CALLS - 1]!, flushMs };
  } finally {
    db.close();
  }
}

async function load(server: RunningServer, duration: number): Promise<AutocannonResult> {
  const result = await runAutocannon({ url: `${server.url}${TOWN_PAGE}`, connections: CONNECTIONS, duration, headers: { "Accept-Encoding": "br", "User-Agent": PHONE } });
  await waitForQuiet(server.pid);
  return result;
}

/** The section's lines for the results file. */
export async function measureCounting(duration: number): Promise<string[]> {
  const seconds = Math.max(2, Math.min(duration, 8));
  const on = await startServer({ COUNT_VISITS: "1" });
  const results = await loadThenStop(on, async () => {
    const off = await startServer({ COUNT_VISITS: "0" });
    return loadThenStop(off, async () => {
      const runs: Record<"on" | "off", AutocannonResult[]> = { on: [], off: [] };
      for (const server of [off, on]) await load(server, Math.min(2, seconds)); // warm-up
      for (let round = 0; round < ROUNDS; round++) {
        const order: ["off" | "on", RunningServer][] = round % 2 ? [["on", on], ["off", off]] : [["off", off], ["on", on]];
        for (const [name, server] of order) {
          console.log(`counting ${name}: ${TOWN_PAGE}, ${CONNECTIONS} connections for ${seconds} s (round ${round + 1} of ${ROUNDS})…`);
          runs[name].push(await load(server, seconds));
        }
      }
      return runs;
    });
  });
  const step = stepTimes();
  const row = (name: "off" | "on") => [
    `counting ${name}`,
    fmt(median(results[name].map(okPerSecond))),
    `${fmt(median(results[name].map((r) => r.latency.p50)), 1)} ms`,
    `${fmt(median(results[name].map((r) => r.latency.p99)), 1)} ms`,
    fmt(results[name].reduce((n, r) => n + r.non2xx + r.errors, 0)),
  ];
  return [
    "## Counting page views on and off",
    "",
    `GET ${TOWN_PAGE} as a phone asks for it (Accept-Encoding: br, a phone's user agent, so every answer is counted when counting is on) · ${CONNECTIONS} connections · ${ROUNDS} rounds of ${seconds} s per server, taken in turns (off, on; then on, off…) after a warm-up · two servers running at once, COUNT_VISITS=0 and 1 · medians of the rounds`,
    "",
    markdownTable(["server", "2xx req/s", "p50", "p99", "non-2xx + errors"], [row("off"), row("on")], ["l", "r", "r", "r", "r"]),
    "",
    markdownTable(
      ["the counting step itself", "value", "target", "result"],
      [
        [`one page view counted (${fmt(STEP_CALLS)} calls): p50 / p99 / max`, `${fmt(step.p50 * 1000, 1)} / ${fmt(step.p99 * 1000, 1)} / ${fmt(step.max * 1000, 1)} µs`, "p99 < 1 ms", met(step.p99 < 1)],
        [`writing them (one transaction, every 2 s in the server)`, `${fmt(step.flushMs, 1)} ms`, "", ""],
      ],
      ["l", "r", "l", "l"],
    ),
  ];
}
