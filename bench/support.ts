/**
 * What the benchmarks share: the real production server started on a free loopback port with its
 * own temporary DATA_DIR, a promise around autocannon, and the Markdown table each script prints
 * and keeps in bench/results/.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { freePort } from "../tests/support/server.ts";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon, { type AutocannonOptions, type AutocannonResult } from "autocannon";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const RESULTS_DIR = path.join(ROOT, "bench", "results");

/** A benchmark that could not run (as opposed to one that ran and measured something slow). */
export class BenchError extends Error {}

/** Runs a benchmark's main function: exit 1 with the reason when it could not run. */
export function main(run: () => Promise<void>) {
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`\nThe benchmark could not run: ${error instanceof Error ? (error instanceof BenchError ? error.message : error.stack) : String(error)}`);
      process.exit(1);
    },
  );
}

/** The files a finished build has; the Brotli copy of the home page is written last (postbuild). */
const BUILD_DONE = ["build/server/index.js", "build/client/index.html", "build/client/index.html.br"];

/**
 * Waits for a finished build: another `npm run build` may be rewriting build/ right now. Gives up
 * after three minutes, saying to build first.
 */
export async function awaitBuild(maxMs = 180_000) {
  const deadline = Date.now() + maxMs;
  if (!existsSync(path.join(ROOT, "build"))) throw new BenchError("there is no build/: run npm run build first");
  let told = false;
  for (;;) {
    const missing = BUILD_DONE.filter((file) => !existsSync(path.join(ROOT, file)));
    if (!missing.length) return;
    if (Date.now() > deadline) throw new BenchError(`${missing.join(", ")} missing: run npm run build first`);
    if (!told) console.log(`Waiting for a build in progress (${missing.join(", ")} missing)…`);
    told = true;
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/** A whole number from the environment, or the default; anything else stops the benchmark. */
export function envNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new BenchError(`${name} must be a whole number, at least 1, not "${text}"`);
  return Number(text);
}

export { freePort };

/** Waits until `url` answers (200, or any status with anyStatus), or the process has stopped. */
export async function waitUntilUp(url: string, child: ChildProcess, describe: () => string, { anyStatus = false, timeoutMs = 20_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new BenchError(`the server stopped at start:\n${describe()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok || anyStatus) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new BenchError(`the server did not answer ${url} within ${timeoutMs / 1000} s:\n${describe()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  /** The server's stdout and stderr: one line per request, as in production. */
  logFile: string;
  /** SIGTERM, then wait for the exit (the server closes its database cleanly). */
  stop: () => Promise<void>;
  /** Throws, with the end of the server's log, when the server has stopped by itself. */
  assertRunning: () => void;
  /** Deletes the temporary DATA_DIR and log, once they have been read. */
  remove: () => void;
}

/**
 * Starts `node server/index.ts` (the Node running this script, so Node 24 through npm). Its output
 * goes to a log file, as it would under a service manager, so the benchmark process does not
 * spend its own time reading the server's request log.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    await awaitBuild();
    try {
      return await startServerOnce(env);
    } catch (error) {
      // A rebuild that began between the check and the server's start: wait for it and try again.
      if (attempt < 3 && error instanceof BenchError && /run npm run build/.test(error.message)) continue;
      throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>): Promise<RunningServer> {
  // BENCH_PORT=<n> pins the server's port (on a shared machine with a range of its own).
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-bench-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SMTP_URL: "", LEADS_NOTIFY_TO: "", ...env },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const tail = () => readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
  try {
    await waitUntilUp(`${url}/healthz`, child, tail);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  let stopping = false;
  return {
    url,
    pid: child.pid!,
    dataDir,
    logFile,
    assertRunning: () => {
      if (child.exitCode === null && child.signalCode === null) return;
      const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`;
      throw new BenchError(`the server ${how} during the benchmark (its log: ${logFile}):\n${tail()}`);
    },
    stop: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
    remove: () => {
      if (stopping) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the load against the server, then stops it (SIGTERM: it closes its database cleanly, so
 * the rows can be read afterwards). A server that died meanwhile is reported as the reason.
 */
export async function loadThenStop<T>(server: RunningServer, work: () => Promise<T>): Promise<T> {
  try {
    const value = await work();
    server.assertRunning();
    return value;
  } catch (error) {
    server.assertRunning();
    throw error;
  } finally {
    await server.stop();
  }
}

/** Runs `measure` against a fresh server, then stops the server and deletes its data. */
export async function withServer<T>(measure: (server: RunningServer) => Promise<T>, env: Record<string, string> = {}): Promise<T> {
  const server = await startServer(env);
  const result = await loadThenStop(server, () => measure(server));
  server.remove();
  return result;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** CPU time a process has used so far, in clock ticks (Linux /proc), or undefined elsewhere. */
function cpuTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return undefined;
  }
}

/**
 * Waits until a server has finished the work a previous load left behind (requests autocannon
 * sent but stopped waiting for), so it does not count against the next measurement: until its
 * CPU use over a quarter of a second is nearly nil. Without /proc, waits two seconds.
 */
export async function waitForQuiet(pid: number, maxMs = 60_000) {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const deadline = Date.now() + maxMs;
  let before = cpuTicks(pid);
  if (before === undefined) return sleep(2_000);
  while (Date.now() < deadline) {
    await sleep(250);
    const now = cpuTicks(pid);
    if (now === undefined) return;
    if (now - before <= 2) return;
    before = now;
  }
}

export function runAutocannon(options: AutocannonOptions): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Successful answers per second over the whole run. */
export function okPerSecond(result: AutocannonResult): number {
  return result["2xx"] / result.duration;
}

export function fmt(value: number, digits = 0): string {
  return value.toLocaleString("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A Markdown table with columns padded so it also reads well as plain text. */
export function markdownTable(header: string[], rows: string[][], align: ("l" | "r")[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => (r[i] ?? "").length)));
  const pad = (cell: string, i: number) => (align[i] === "r" ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, i)).join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (align[i] === "r" ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`;
  return [line(header), rule, ...rows.map((r) => line(r))].join("\n");
}

/** The machine and code the numbers come from, for the top of each results file. */
export function environmentLine(): string {
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    // not a git checkout
  }
  const cpu = cpus();
  // NODE_ENV is shown because React picks its development or production build from it; unset,
  // the server gets what `npm start` gives it.
  return [
    new Date().toISOString(),
    `commit ${commit}`,
    `Node ${process.versions.node}`,
    `${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}`,
    `NODE_ENV passed to the server: ${process.env.NODE_ENV || "unset"}`,
    // Other work on the machine (a build, browser tests) skews every number here.
    `load average ${loadavg().map((n) => n.toFixed(1)).join(" ")} at the end`,
  ].join(" · ");
}

/** Prints the report and writes it to bench/results/<name>.md. */
export function publish(name: string, markdown: string) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.md`);
  writeFileSync(file, `${markdown.trimEnd()}\n`);
  console.log(`\n${markdown.trimEnd()}\n`);
  console.log(`(written to ${path.relative(ROOT, file)})`);
}

export const met = (ok: boolean) => (ok ? "met" : "not met");

/** One request of an open load: what to send. */
export interface OpenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface OpenLoadResult {
  sent: number;
  errors: number;
  /** Milliseconds, each counted from when the request was due to be sent (not when it was). */
  latency: { p50: number; p90: number; p99: number; max: number };
}

/** A seeded generator of numbers in [0, 1): the same arrivals on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An open load: requests arrive at `rate` a second whatever the server's answers, as visitors do,
 * independently of each other (Poisson arrivals, seeded), each on a free keep-alive connection.
 * Unlike autocannon's `overallRate`, which lets each connection send its share of a second back
 * to back and then pause, this never bunches requests up; and each latency is counted from when
 * the request was due, so a server (or a load generator) that falls behind is charged for it.
 */
export async function openLoad(options: {
  url: string;
  rate: number;
  durationS: number;
  request: (index: number) => OpenRequest;
  onResponse: (index: number, status: number, headers: IncomingHttpHeaders, body: string) => void;
  timeoutMs?: number;
}): Promise<OpenLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1_000 });
  const random = seededRandom(0x5eed);
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const origin = new URL(options.url);
  const pending: Promise<void>[] = [];
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const spec = options.request(index);
      const done = (ok: boolean) => {
        if (ok) latencies.push(performance.now() - due);
        else errors++;
        resolve();
      };
      const request = httpRequest(
        { host: origin.hostname, port: origin.port, method: spec.method, path: spec.path, headers: spec.headers, agent, timeout: options.timeoutMs ?? 10_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            options.onResponse(index, response.statusCode ?? 0, response.headers, Buffer.concat(chunks).toString("utf8"));
            done(true);
          });
          response.on("error", () => done(false));
        },
      );
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", () => done(false));
      request.end(spec.body);
    });
  const start = performance.now();
  const end = start + options.durationS * 1000;
  let next = start;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Every request due by now goes, each timed from its own due moment.
      while (next <= now && next < end) {
        pending.push(send(sent++, next));
        next += (-Math.log(1 - random()) / options.rate) * 1000;
      }
      if (next >= end) return resolve();
      setTimeout(tick, Math.max(0, Math.min(next - performance.now(), 5)));
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    sent,
    errors,
    latency: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1) ?? 0 },
  };
}
