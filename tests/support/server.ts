/** Starts the real production server (node server/index.ts) on a free port, for tests. */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The social pictures a publish draws, kept for the whole test run and the next. A test server's
 * data folder starts with the build's and those other test servers drew, and those it draws are
 * kept when it stops: a picture is named by the hash of the renderer and of everything drawn on
 * it, so one drawn by any server is the one every other would draw. The drawing itself is tried
 * by the build, server/social-images.test.ts and the first publish of each new picture.
 */
const PICTURE_CACHES = { build: path.join(ROOT, "node_modules/.cache/social-images"), tests: path.join(ROOT, "node_modules/.cache/social-images-tests") };
const picturesIn = (dataDir: string) => path.join(dataDir, "cache", "social-images");
const PICTURE_NAME = /^[0-9a-f]{32}\.png$/;
/** The 12 bytes every whole PNG ends with (the IEND chunk): a file cut short by a killed server has not. */
const PNG_END = Buffer.from("0000000049454e44ae426082", "hex");

/**
 * Puts the social pictures drawn so far into a data folder's cache (a publisher's own folder,
 * too). Only ever a saving of time: a folder that cannot take them is left as it was.
 */
export function lendPictures(dataDir: string) {
  try {
    copyPictures(dataDir);
  } catch {
    // The server draws what it needs.
  }
}

function copyPictures(dataDir: string) {
  const into = picturesIn(dataDir);
  mkdirSync(into, { recursive: true });
  for (const from of Object.values(PICTURE_CACHES)) {
    if (!existsSync(from)) continue;
    for (const name of readdirSync(from)) {
      if (!PICTURE_NAME.test(name) || existsSync(path.join(into, name))) continue;
      try {
        linkSync(path.join(from, name), path.join(into, name));
      } catch {
        copyFileSync(path.join(from, name), path.join(into, name));
      }
    }
  }
}

/** Keeps the whole social pictures a data folder's cache holds that the run had not drawn yet. */
export function keepPictures(dataDir: string) {
  try {
    keepNewPictures(dataDir);
  } catch {
    // A folder the test has removed already: the next server draws them again.
  }
}

function keepNewPictures(dataDir: string) {
  const from = picturesIn(dataDir);
  if (!existsSync(from)) return;
  mkdirSync(PICTURE_CACHES.tests, { recursive: true });
  for (const name of readdirSync(from)) {
    if (!PICTURE_NAME.test(name) || Object.values(PICTURE_CACHES).some((cache) => existsSync(path.join(cache, name)))) continue;
    const bytes = readFileSync(path.join(from, name));
    if (!bytes.subarray(-PNG_END.length).equals(PNG_END)) continue;
    // Whole or not at all, though another test's server may be keeping the same picture.
    const part = path.join(PICTURE_CACHES.tests, `.${name}.${randomBytes(4).toString("hex")}`);
    copyFileSync(path.join(from, name), part);
    renameSync(part, path.join(PICTURE_CACHES.tests, name));
  }
}

/**
 * How often a test server's queue looks for work fallen due (a retry, a held reminder): 5 s in
 * production, short here, so a test waits for the work rather than for the next look.
 */
const JOBS_POLL_MS = "200";

/**
 * Node keeps the servers' compiled modules here, so the hundred test servers a run starts load
 * the build and the app's modules without compiling them each time (a third less work at start).
 */
export const COMPILE_CACHE = path.join(ROOT, "node_modules/.cache/node-compile-cache");

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  /** The stored requests, read straight from the database file. */
  rows: () => Record<string, unknown>[];
}

export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), "kestrel-test-"));
  lendPictures(dir);
  let output = "";
  // NODE_ENV as the server ships: Vitest's "test" would run React's development build, slower
  // and not what visitors get.
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SMTP_URL: "", LEADS_NOTIFY_TO: "", JOBS_POLL_MS, NODE_COMPILE_CACHE: COMPILE_CACHE, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      keepPictures(dir);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped at start:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir: dir,
    process: child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    rows: () => {
      const db = new DatabaseSync(path.join(dir, "leads.sqlite"), { readOnly: true });
      try {
        return db.prepare("SELECT * FROM leads ORDER BY id").all() as Record<string, unknown>[];
      } finally {
        db.close();
      }
    },
  };
}

/** Posts a form the way a browser does, from the site's own origin. */
export function postForm(server: RunningServer, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: server.url, ...headers },
    redirect: "manual",
  });
}

export const QUOTE = {
  name: "Jane Roofless",
  email: "jane@example.org",
  phone: "07700 900999",
  address: "12 Orchard Way, Stevenage",
  message: "Two slipped tiles above the back bedroom.",
};

export const CONTACT = {
  name: "Raj Patel",
  email: "raj@example.org",
  phone: "01438 765432",
  postcode: "SG1 2AB",
  message: "Please quote for new guttering all round.",
};

export interface Photo {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** Posts the quote form as a browser does when it has a file field: multipart, with the photos. */
export function postMultipart(server: RunningServer, path: string, fields: Record<string, string>, photos: Photo[] = [], headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  // A browser sends an empty part when no file was chosen.
  if (photos.length === 0) body.append("photos", new Blob([], { type: "application/octet-stream" }), "");
  for (const photo of photos) body.append("photos", new Blob([new Uint8Array(photo.bytes)], { type: photo.type ?? "image/jpeg" }), photo.name);
  return fetch(`${server.url}${path}`, { method: "POST", body, headers: { Origin: server.url, ...headers }, redirect: "manual" });
}

/** The photo rows stored with requests, read straight from the database file. */
export function photoRows(server: RunningServer): Record<string, unknown>[] {
  const db = new DatabaseSync(path.join(server.dataDir, "leads.sqlite"), { readOnly: true });
  try {
    return db.prepare("SELECT * FROM lead_photos ORDER BY lead_id, position").all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}
