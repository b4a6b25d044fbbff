/**
 * `npm run bench:page-change`: the time from a click on a link to the next page's first paint,
 * with the page's speculation rules and without them. `npm run bench:lighthouse` adds the same
 * table to its own.
 *
 * A visitor's pointer rests on a link for HOVER_MS (500 ms unless set), then clicks. The click's
 * time is the click event's own timestamp on the first page; the first paint is the second page's
 * `first-contentful-paint`; both are turned into wall-clock time with each page's
 * `performance.timeOrigin`. A prerendered page reports `activationStart` > 0, which is how each
 * run is known to have used a prerender. "Without" is the same page in the same browser with its
 * speculation-rules script removed before the pointer moves, which removes its rule set.
 *
 * Chromium refuses to prerender while a DevTools client drives the page the old way
 * (PrerenderingDisabledByDevTools, as in the Playwright tests), but allows it to a client that
 * attaches through the tab's target, as this one does. RUNS=<n> (default 5) runs per page and mode;
 * REDUCED_MOTION=1 runs Chromium as for a visitor who asks for reduced motion (no view transition).
 */
import { existsSync } from "node:fs";
import { launch } from "chrome-launcher";
import { CHROME_ARGS, CHROME_PATH } from "../tests/support/chrome.ts";
import { BenchError, envNumber, environmentLine, fmt, main, markdownTable, median, publish, withServer } from "./support.ts";

/** From a page, the link a visitor follows: one per kind of page change. */
const CHANGES = [
  { from: "/", to: "/services/roof-repairs" },
  { from: "/areas/roofers-in-watford/", to: "/areas/roofers-in-st-albans/" },
  { from: "/services", to: "/gallery" },
];

type Mode = "with" | "without";

interface Measured {
  clickToPaintMs: number;
  prerendered: boolean;
}

/** The few DevTools protocol calls this needs, over the browser's WebSocket, flat sessions. */
class DevTools {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners: ((method: string, params: Record<string, unknown>, sessionId?: string) => void)[] = [];

  private readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener("message", (message) => {
      const data = JSON.parse(String(message.data)) as { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: Record<string, unknown>; sessionId?: string };
      if (data.id !== undefined) {
        const call = this.pending.get(data.id);
        this.pending.delete(data.id);
        if (data.error) call?.reject(new Error(data.error.message));
        else call?.resolve(data.result);
      } else if (data.method) {
        for (const listener of this.listeners) listener(data.method, data.params ?? {}, data.sessionId);
      }
    });
  }

  static async connect(port: number): Promise<DevTools> {
    const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
    const socket = new WebSocket(webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", () => reject(new BenchError("could not reach Chromium's DevTools socket")), { once: true });
    });
    return new DevTools(socket);
  }

  /** A call; one that gets no answer in 10 s (its page went away meanwhile) fails. */
  send<T = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    const id = ++this.nextId;
    this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} got no answer`));
      }, 10_000);
      this.pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value as T)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
    });
  }

  on(listener: (method: string, params: Record<string, unknown>, sessionId?: string) => void) {
    this.listeners.push(listener);
  }

  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const { result, exceptionDetails } = await this.send<{ result: { value: T }; exceptionDetails?: { text: string } }>(
      "Runtime.evaluate",
      { expression, awaitPromise: true, returnByValue: true },
      sessionId,
    );
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.text}`);
    return result.value;
  }

  close() {
    this.socket.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * The browser's first tab, attached through its tab target: a client attached that way leaves
 * prerendering allowed, and is told of every page the tab shows, prerendered ones included.
 */
async function attachToTab(devtools: DevTools) {
  const { targetInfos } = await devtools.send<{ targetInfos: { targetId: string; type: string }[] }>("Target.getTargets", { filter: [{}] });
  const tab = targetInfos.find((info) => info.type === "tab");
  if (!tab) throw new BenchError("this Chromium shows no tab target (it is too old to measure prerendering)");
  const { sessionId: tabSession } = await devtools.send<{ sessionId: string }>("Target.attachToTarget", { targetId: tab.targetId, flatten: true });
  const pages = new Set<string>();
  devtools.on((method, params, sessionId) => {
    if (sessionId !== tabSession) return;
    if (method === "Target.attachedToTarget") pages.add(params.sessionId as string);
    if (method === "Target.detachedFromTarget") pages.delete(params.sessionId as string);
  });
  await devtools.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, tabSession);
  /** The session of the page the tab shows now (not one still prerendering), once there is one. */
  const shown = () =>
    until("the tab's page", async () => {
      for (const session of pages) {
        if ((await devtools.evaluate<boolean>(session, "document.prerendering").catch(() => true)) === false) return session;
      }
      return undefined;
    });
  return { shown };
}

/** One page change: load the first page, rest the pointer on the link, click, read the times. */
async function measureOnce(devtools: DevTools, tab: Awaited<ReturnType<typeof attachToTab>>, base: string, change: (typeof CHANGES)[number], mode: Mode, hoverMs: number): Promise<Measured> {
  const first = await tab.shown();
  await devtools.send("Page.navigate", { url: `${base}${change.from}` }, first);
  await until(`${change.from} to load`, () => devtools.evaluate<boolean>(first, `location.pathname === ${JSON.stringify(change.from)} && document.readyState === "complete" || undefined`));
  const point = await devtools.evaluate<{ x: number; y: number } | null>(
    first,
    `(() => {
      sessionStorage.removeItem("clickAt");
      ${mode === "without" ? `document.querySelectorAll('script[type="speculationrules"]').forEach((script) => script.remove());` : ""}
      const link = [...document.querySelectorAll(${JSON.stringify(`a[href="${change.to}"]`)})].find((a) => a.checkVisibility());
      if (!link) return null;
      link.scrollIntoView({ block: "center", behavior: "instant" });
      addEventListener("click", (event) => sessionStorage.setItem("clickAt", String(performance.timeOrigin + event.timeStamp)), { capture: true });
      const box = link.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    })()`,
  );
  if (!point) throw new BenchError(`${change.from} has no visible link to ${change.to}`);
  await devtools.send("Input.dispatchMouseEvent", { type: "mouseMoved", ...point }, first);
  await sleep(hoverMs);
  for (const type of ["mousePressed", "mouseReleased"]) {
    await devtools.send("Input.dispatchMouseEvent", { type, ...point, button: "left", clickCount: 1 }, first);
  }
  const read = `(() => {
    if (location.pathname !== ${JSON.stringify(change.to)} || document.prerendering) return undefined;
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const clickAt = sessionStorage.getItem("clickAt");
    if (!paint || !clickAt) return undefined;
    return { paintAt: performance.timeOrigin + paint.startTime, clickAt: Number(clickAt), activationStart: performance.getEntriesByType("navigation")[0].activationStart };
  })()`;
  // The next page is the same session after a plain navigation, or the prerendered page's
  // session, which took the tab's place.
  const result = await until(`the first paint of ${change.to}`, async () =>
    devtools.evaluate<{ paintAt: number; clickAt: number; activationStart: number } | undefined>(await tab.shown(), read),
  );
  return { clickToPaintMs: result.paintAt - result.clickAt, prerendered: result.activationStart > 0 };
}

/**
 * Measures every page change RUNS times in each mode, alternating the modes so that a busy moment
 * of the machine weighs on both, and returns the Markdown section with its table.
 */
export async function measurePageChanges(base: string, runs = envNumber("RUNS", 5)): Promise<string> {
  if (!existsSync(CHROME_PATH)) throw new BenchError(`no Chromium at ${CHROME_PATH}: install it or set CHROME_PATH`);
  const hoverMs = envNumber("HOVER_MS", 500);
  const reducedMotion = process.env.REDUCED_MOTION === "1";
  const chromeFlags = ["--headless", ...CHROME_ARGS, ...(reducedMotion ? ["--force-prefers-reduced-motion"] : [])];
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags, logLevel: "silent" });
  const rows: string[][] = [];
  try {
    const devtools = await DevTools.connect(chrome.port);
    try {
      const tab = await attachToTab(devtools);
      for (const change of CHANGES) {
        const results: Record<Mode, Measured[]> = { with: [], without: [] };
        for (let i = 0; i < runs; i++) {
          for (const mode of ["with", "without"] as const) {
            const run = await measureOnce(devtools, tab, base, change, mode, hoverMs);
            results[mode].push(run);
            console.log(`${change.from} → ${change.to} ${mode} rules: ${fmt(run.clickToPaintMs)} ms${run.prerendered ? " (prerendered)" : ""}`);
          }
        }
        const cell = (mode: Mode) => {
          const times = results[mode].map((run) => run.clickToPaintMs);
          return `${fmt(median(times))} (${fmt(Math.min(...times))}–${fmt(Math.max(...times))})`;
        };
        rows.push([`${change.from} → ${change.to}`, cell("without"), cell("with"), `${results.with.filter((run) => run.prerendered).length}/${runs}`, `${results.without.filter((run) => run.prerendered).length}/${runs}`]);
      }
    } finally {
      devtools.close();
    }
  } finally {
    chrome.kill();
  }
  return [
    "## Click to the next page's first paint (bench:page-change)",
    "",
    `Headless Chromium${reducedMotion ? " asked for reduced motion (no view transition)" : " with the view transition"}, no throttling, the server on loopback · the pointer rests ${hoverMs} ms on the link, then clicks · ` +
      `median (min–max) of ${runs} run${runs === 1 ? "" : "s"} per mode, the modes alternating · ` +
      "from the click event's timestamp to the next page's first-contentful-paint, both in wall-clock time",
    "",
    markdownTable(["page change", "without rules (ms)", "with rules (ms)", "prerendered, with", "prerendered, without"], rows, ["l", "r", "r", "r", "r"]),
    "",
    "“Without” removes the page's speculation-rules script before the pointer moves; a prerendered run is one whose " +
      "next page reports activationStart > 0.",
  ].join("\n");
}

if (import.meta.main) {
  main(async () => {
    const section = await withServer((server) => measurePageChanges(server.url));
    publish("page-change", ["# Page changes with and without speculation rules", "", environmentLine(), "", section].join("\n"));
  });
}
