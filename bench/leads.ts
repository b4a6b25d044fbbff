/**
 * `npm run bench:leads`: how many quote requests a second the real server stores.
 *
 * Starts `node server/index.ts` on a free loopback port with a fresh DATA_DIR and the form rate
 * limit out of the way, warms it up, then autocannon posts valid quote forms to `/?index` from the
 * site's own origin (50 connections for 20 s; DURATION=<seconds> shortens it). Every request has
 * its own name, so afterwards the rows in DATA_DIR/leads.sqlite can be matched to the answers:
 * each 2xx answer must have its row, and no row may exist for a request that was refused.
 *
 * Targets: at least 500 stored requests a second, p99 latency at most 50 ms. A miss is reported,
 * never an error; the exit code is non-zero only when the benchmark could not run.
 */
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { AutocannonRequest, AutocannonResult } from "autocannon";
import { BenchError, waitForQuiet, envNumber, environmentLine, fmt, main, markdownTable, met, okPerSecond, publish, runAutocannon, startServer } from "./support.ts";

const CONNECTIONS = 50;
const TARGET_PER_SECOND = 500;
const TARGET_P99_MS = 50;
const NOTICE = "Thank you! We&#x27;ll get back to you within 24 hours.";

const FIELDS = {
  email: "bench@example.org",
  phone: "07700 900123",
  address: "12 Orchard Way, Stevenage",
  message: "Two slipped tiles above the back bedroom, and the valley is leaking.",
};

interface Tally {
  sent: Set<string>;
  ok: Set<string>;
  refused: Set<string>;
  /** 2xx answers without the thank-you notice: not a real success. */
  noNotice: number;
}

/** One POST that autocannon sends again and again, each time under a new name. */
function quoteRequest(prefix: string, origin: string, tally: Tally): AutocannonRequest {
  let n = 0;
  return {
    method: "POST",
    path: "/?index",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    setupRequest: (request, context) => {
      const name = `${prefix} ${++n}`;
      context.name = name;
      tally.sent.add(name);
      return { ...request, body: new URLSearchParams({ name, ...FIELDS }).toString() };
    },
    onResponse: (status, body, context) => {
      const name = String(context.name);
      if (status >= 200 && status < 300) {
        tally.ok.add(name);
        if (!body.includes(NOTICE)) tally.noNotice++;
      } else {
        tally.refused.add(name);
      }
    },
  };
}

function newTally(): Tally {
  return { sent: new Set(), ok: new Set(), refused: new Set(), noNotice: 0 };
}

function storedNames(dataDir: string, prefix: string): Set<string> {
  const db = new DatabaseSync(path.join(dataDir, "leads.sqlite"), { readOnly: true });
  try {
    const rows = db.prepare("SELECT name FROM leads WHERE name LIKE ?").all(`${prefix} %`) as { name: string }[];
    return new Set(rows.map((r) => r.name));
  } finally {
    db.close();
  }
}

function statusSummary(result: AutocannonResult): string {
  const codes = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, { count }]) => `${code} × ${count}`);
  return codes.length ? codes.join(", ") : "none";
}

main(async () => {
  const duration = envNumber("DURATION", 20);
  const warmup = Math.min(3, duration);
  const runId = Date.now().toString(36);
  const server = await startServer({ FORM_RATE_LIMIT: "100000000" });
  let result: AutocannonResult;
  const tally = newTally();
  const warm = newTally();
  try {
    console.log(`Server at ${server.url}, DATA_DIR ${server.dataDir}`);
    // The page must render the form's answer before anything is measured.
    const probe = await fetch(`${server.url}/?index`, {
      method: "POST",
      body: new URLSearchParams({ name: `Probe ${runId}`, ...FIELDS }),
      headers: { Origin: server.url },
      redirect: "manual",
    });
    const probeBody = await probe.text();
    if (probe.status !== 200 || !probeBody.includes(NOTICE)) {
      throw new BenchError(`a single valid quote post answered ${probe.status} without the thank-you notice; nothing to measure`);
    }

    console.log(`Warming up for ${warmup} s…`);
    await runAutocannon({ url: server.url, connections: CONNECTIONS, duration: warmup, requests: [quoteRequest(`Warmup ${runId}`, server.url, warm)] });

    await waitForQuiet(server.pid);

    console.log(`Posting quote requests: ${CONNECTIONS} connections for ${duration} s…`);
    result = await runAutocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration,
      requests: [quoteRequest(`Bench ${runId}`, server.url, tally)],
    });
  } finally {
    // Stopped before the database is read: the server closes it cleanly on SIGTERM.
    await server.stop();
  }

  const stored = storedNames(server.dataDir, `Bench ${runId}`);
  const okWithoutRow = [...tally.ok].filter((name) => !stored.has(name));
  const refusedWithRow = [...tally.refused].filter((name) => stored.has(name));
  const neverSent = [...stored].filter((name) => !tally.sent.has(name));
  // Requests still in flight when autocannon stopped at the deadline: sent, never answered.
  const cutOff = [...stored].filter((name) => tally.sent.has(name) && !tally.ok.has(name) && !tally.refused.has(name));
  const consistent = okWithoutRow.length === 0 && refusedWithRow.length === 0 && neverSent.length === 0;
  const twoXx = result["2xx"];
  const notes: string[] = [];
  let check: string;
  let checkMet: boolean;
  if (stored.size === twoXx && consistent) {
    check = "equal";
    checkMet = true;
  } else if (consistent && stored.size === twoXx + cutOff.length) {
    check = `NOT EQUAL (+${cutOff.length} in flight at the end)`;
    checkMet = true;
    notes.push(
      `- ${cutOff.length} stored rows are requests that were still in flight when autocannon stopped at the deadline: stored, ` +
        "but their answers were no longer awaited. Every 2xx answer has its row and no refused request was stored, so nothing was lost.",
    );
  } else {
    check = "NOT EQUAL";
    checkMet = false;
    notes.push(
      `- ${okWithoutRow.length} requests were answered 2xx but have no row, ${refusedWithRow.length} were refused but stored, ` +
        `${neverSent.length} rows match no request sent.`,
    );
  }

  const perSecond = okPerSecond(result);
  const storedPerSecond = stored.size / result.duration;
  const table = markdownTable(
    ["measure", "value", "target", "result"],
    [
      ["stored requests/s (2xx answers/s)", fmt(perSecond, 1), `≥ ${TARGET_PER_SECOND}`, met(perSecond >= TARGET_PER_SECOND)],
      ["latency p50", `${fmt(result.latency.p50, 1)} ms`, "", ""],
      ["latency p99", `${fmt(result.latency.p99, 1)} ms`, `≤ ${TARGET_P99_MS} ms`, met(result.latency.p99 <= TARGET_P99_MS)],
      ["latency max", `${fmt(result.latency.max, 1)} ms`, "", ""],
      ["2xx answers", fmt(twoXx), "", ""],
      ["2xx answers without the thank-you notice", fmt(tally.noNotice), "0", met(tally.noNotice === 0)],
      ["non-2xx answers", `${fmt(result.non2xx)} (${statusSummary(result)})`, "0", met(result.non2xx === 0)],
      ["errors (of which timeouts)", `${fmt(result.errors)} (${fmt(result.timeouts)})`, "0", met(result.errors === 0)],
      ["rows stored in leads.sqlite", `${fmt(stored.size)} (${fmt(storedPerSecond, 1)}/s)`, "", ""],
      ["stored rows == 2xx answers", check, "equal", met(checkMet)],
    ],
    ["l", "r", "l", "l"],
  );
  const warmStored = `${fmt(warm.ok.size)} answered 2xx in the ${warmup} s warm-up (not counted)`;
  publish(
    "leads",
    [
      "# Quote requests stored per second (bench:leads)",
      "",
      environmentLine(),
      "",
      `POST /?index, valid quote form, Origin ${server.url} · ${CONNECTIONS} connections · ${fmt(result.duration, 1)} s measured · ${warmStored} · FORM_RATE_LIMIT=100000000 · fresh DATA_DIR`,
      "",
      table,
      ...(notes.length ? ["", ...notes] : []),
    ].join("\n"),
  );
});
