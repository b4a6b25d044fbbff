/**
 * `npm run bench:server`: how fast the production server serves what every visitor asks for.
 *
 * Starts `node server/index.ts` on a free loopback port, and autocannon (100 connections for 20 s;
 * DURATION=<seconds> shortens it) asks for the home page and for its hashed stylesheet, with
 * `Accept-Encoding: br` as a browser sends. Then, when nginx is installed, the same for nginx
 * serving a copy of the same build/client with a generated config (in a temporary directory,
 * never the system's), one server after the other, and the ratio ours/nginx.
 *
 * Target: at least half of nginx's requests a second. A miss is reported, never an error; the
 * exit code is non-zero only when the benchmark could not run.
 *
 * Then what counting page views costs: a town page with counting on and off (bench/counting.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, closeSync, cpSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AutocannonResult } from "autocannon";
import {
  awaitBuild,
  BenchError,
  envNumber,
  environmentLine,
  fmt,
  freePort,
  main,
  markdownTable,
  met,
  okPerSecond,
  publish,
  ROOT,
  runAutocannon,
  withServer,
  waitForQuiet,
  waitUntilUp,
} from "./support.ts";
import { measureCounting } from "./counting.ts";

const CONNECTIONS = 100;
const TARGET_RATIO = 0.5;
const HEADERS = { "Accept-Encoding": "br" };

interface Target {
  label: string;
  path: string;
}

interface Measured {
  target: Target;
  result: AutocannonResult;
  encoding: string;
}

/** The home page's stylesheet, as that server serves it. */
async function stylesheetPath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/`)).text();
  const href = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
  if (!href) throw new BenchError(`the home page at ${base}/ links no /assets/….css stylesheet`);
  return href;
}

/** One request first: the URL must answer 200 before it is worth measuring. */
async function probe(base: string, urlPath: string): Promise<string> {
  const response = await fetch(`${base}${urlPath}`, { headers: HEADERS });
  await response.arrayBuffer();
  if (response.status !== 200) throw new BenchError(`${base}${urlPath} answered ${response.status}`);
  return response.headers.get("content-encoding") ?? "none";
}

async function measureAll(name: string, base: string, pid: number, duration: number): Promise<Measured[]> {
  const css = await stylesheetPath(base);
  const targets: Target[] = [
    { label: "home page /", path: "/" },
    { label: `stylesheet ${css}`, path: css },
  ];
  const out: Measured[] = [];
  for (const target of targets) {
    const encoding = await probe(base, target.path);
    const url = `${base}${target.path}`;
    await runAutocannon({ url, connections: CONNECTIONS, duration: Math.min(2, duration), headers: HEADERS });
    await waitForQuiet(pid);
    console.log(`${name}: ${target.path}, ${CONNECTIONS} connections for ${duration} s…`);
    const result = await runAutocannon({ url, connections: CONNECTIONS, duration, headers: HEADERS });
    await waitForQuiet(pid);
    out.push({ target, result, encoding });
  }
  return out;
}

function resultRows(name: string, measured: Measured[]): string[][] {
  return measured.map(({ target, result, encoding }) => [
    name,
    target.label,
    fmt(okPerSecond(result)),
    `${fmt(result.latency.p50, 1)} ms`,
    `${fmt(result.latency.p99, 1)} ms`,
    fmt(result.requests.total ? result.throughput.total / result.requests.total : 0),
    encoding,
    `${fmt(result.non2xx)} / ${fmt(result.errors)}`,
  ]);
}

function nginxPath(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  const file = found.stdout.trim();
  return found.status === 0 && file ? file : undefined;
}

/** The brotli_static module, when this nginx has it as a loadable module. */
function brotliModule(nginx: string): string | undefined {
  const version = spawnSync(nginx, ["-V"], { encoding: "utf8" });
  const modulesPath = `${version.stdout}${version.stderr}`.match(/--modules-path=(\S+)/)?.[1];
  const candidates = [modulesPath, "/usr/lib/nginx/modules", "/usr/lib64/nginx/modules", "/usr/share/nginx/modules"]
    .filter((dir): dir is string => Boolean(dir))
    .map((dir) => path.join(dir, "ngx_http_brotli_static_module.so"));
  return candidates.find((file) => existsSync(file));
}

/** Copies build/client, again if a rebuild was under way (the copy lacks the page or its stylesheet). */
async function copyBuild(to: string) {
  for (let attempt = 1; ; attempt++) {
    await awaitBuild();
    rmSync(to, { recursive: true, force: true });
    try {
      cpSync(path.join(ROOT, "build/client"), to, { recursive: true });
      const html = readFileSync(path.join(to, "index.html"), "utf8");
      const css = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
      if (css && existsSync(path.join(to, css)) && existsSync(path.join(to, "index.html.br"))) return;
    } catch {
      // files vanished while copying: a rebuild is under way
    }
    if (attempt === 5) throw new BenchError("could not copy a complete build/client for nginx (a rebuild kept changing it)");
    await new Promise((r) => setTimeout(r, 3_000));
  }
}

function nginxConfig(dir: string, root: string, port: number, brotli: string | undefined): string {
  return `# Generated by bench/server.ts for one benchmark run.
${brotli ? `load_module ${brotli};\n` : ""}daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  types {
    text/html html;
    text/css css;
    text/javascript js;
    application/json json;
    application/xml xml;
    text/plain txt;
    image/svg+xml svg;
    image/avif avif;
    image/webp webp;
    image/jpeg jpg jpeg;
    image/png png;
    font/woff2 woff2;
  }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
    gzip_static on;
${brotli ? "    brotli_static on;\n" : ""}    location / {
      try_files $uri $uri/index.html =404;
    }
  }
}
`;
}

async function measureNginx(nginx: string, duration: number): Promise<{ measured: Measured[]; note: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-bench-nginx-"));
  chmodSync(dir, 0o755); // nginx's workers drop root and must read the copied site
  // A copy, so that a rebuild running meanwhile cannot pull files from under nginx.
  const root = path.join(dir, "client");
  await copyBuild(root);
  const port = await freePort();
  const brotli = brotliModule(nginx);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, nginxConfig(dir, root, port, brotli));
  const logFile = path.join(dir, "output.log");
  const log = openSync(logFile, "a");
  const child = spawn(nginx, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], { stdio: ["ignore", log, log] });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const describe = () => {
    const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : "");
    return `${read(logFile)}${read(path.join(dir, "error.log"))}`.trim() || "(nginx said nothing)";
  };
  try {
    await waitUntilUp(`http://127.0.0.1:${port}/`, child, describe, { anyStatus: true });
    const measured = await measureAll("nginx", `http://127.0.0.1:${port}`, child.pid!, duration);
    const note = brotli
      ? `nginx ${nginxVersion(nginx)}, worker_processes auto, brotli_static and gzip_static on, access_log off, serving a copy of build/client`
      : `nginx ${nginxVersion(nginx)}, worker_processes auto, gzip_static on, access_log off; it has no brotli_static module, so it answers Accept-Encoding: br uncompressed`;
    return { measured, note };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

function nginxVersion(nginx: string): string {
  const version = spawnSync(nginx, ["-v"], { encoding: "utf8" });
  return `${version.stderr}${version.stdout}`.match(/nginx\/(\S+)/)?.[1] ?? "";
}

main(async () => {
  const duration = envNumber("DURATION", 20);

  const ours = await withServer(async (server) => {
    console.log(`Our server at ${server.url}`);
    const measured = await measureAll("ours", server.url, server.pid, duration);
    server.assertRunning();
    return measured;
  });

  const nginx = nginxPath();
  let theirs: Measured[] | undefined;
  let nginxNote: string;
  if (nginx) {
    ({ measured: theirs, note: nginxNote } = await measureNginx(nginx, duration));
  } else {
    nginxNote = "nginx not installed, skipped";
    console.log(nginxNote);
  }

  const lines = [
    "# Pages and assets served per second (bench:server)",
    "",
    environmentLine(),
    "",
    `GET with Accept-Encoding: br · ${CONNECTIONS} connections · ${duration} s per URL after a ${Math.min(2, duration)} s warm-up · autocannon and the server share this machine`,
    "",
    markdownTable(
      ["server", "URL", "2xx req/s", "p50", "p99", "bytes/answer", "encoding", "non-2xx / errors"],
      [...resultRows("ours", ours), ...(theirs ? resultRows("nginx", theirs) : [])],
      ["l", "l", "r", "r", "r", "r", "l", "r"],
    ),
    "",
    theirs ? `nginx: ${nginxNote}.` : `${nginxNote}.`,
  ];

  if (theirs) {
    const rows = ours.map((mine, i) => {
      const other = theirs[i]!;
      const ratio = okPerSecond(other.result) ? okPerSecond(mine.result) / okPerSecond(other.result) : 0;
      const label = mine.target.path === "/" ? "home page /" : "stylesheet";
      return [label, fmt(okPerSecond(mine.result)), fmt(okPerSecond(other.result)), fmt(ratio, 2), `≥ ${TARGET_RATIO}`, met(ratio >= TARGET_RATIO)];
    });
    lines.push(
      "",
      markdownTable(["URL", "ours req/s", "nginx req/s", "ours/nginx", "target", "result"], rows, ["l", "r", "r", "r", "l", "l"]),
    );
  } else {
    lines.push("", "No ratio to nginx to report.");
  }
  lines.push("", ...(await measureCounting(duration)));
  publish("server", lines.join("\n"));
});
