/**
 * What deploy/ holds, tested rather than described: Debian's Caddy runs deploy/Caddyfile as it
 * is (internal TLS on loopback) in front of the real server, and the systemd units are checked by
 * systemd itself and against the server's own settings.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "../../server/config.ts";
import { picture } from "../support/pictures.ts";
import { openStore, signedInOwner } from "../support/owner.ts";
import { freePort, photoRows, QUOTE, ROOT, startServer, type RunningServer } from "../support/server.ts";
import { DEPLOY_DIR, unit, unitEnvironment } from "../support/systemd-units.ts";

const DEPLOY = DEPLOY_DIR;
const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

describe("the systemd units", () => {
  it("start the server and the backup from the repository's own files, with settings the server accepts", () => {
    const site = unit("kestrel.service");
    const backup = unit("kestrel-backup.service");
    const [siteCommand] = site.get("ExecStart")!;
    const [backupCommand] = backup.get("ExecStart")!;
    expect(siteCommand).toBe("/opt/kestrel/node_modules/.bin/node server/index.ts");
    expect(backupCommand).toMatch(/^\/opt\/kestrel\/node_modules\/\.bin\/node scripts\/backup\.ts \/var\/lib\/kestrel-backups --keep-days \d+$/);
    for (const command of [siteCommand!, backupCommand!]) expect(existsSync(path.join(ROOT, command.split(" ")[1]!))).toBe(true);
    const env = unitEnvironment("kestrel.service");
    const settings = readSettings({ ...env, SITE_URL: "https://www.kestrel.example" });
    expect(settings).toMatchObject({ host: "127.0.0.1", trustProxy: true, dataDir: "/var/lib/kestrel" });
    // The backup reads the site's DATA_DIR, and Caddy proxies to the site's port.
    expect(unitEnvironment("kestrel-backup.service").DATA_DIR).toBe(settings.dataDir);
    expect(readFileSync(path.join(DEPLOY, "Caddyfile"), "utf8")).toContain(`reverse_proxy {$UPSTREAM:127.0.0.1:${settings.port}}`);
    expect(unit("kestrel-backup.timer").get("Unit")).toEqual(["kestrel-backup.service"]);
  });

  it("hold the server's memory down with settings Node accepts", () => {
    const env = unitEnvironment("kestrel.service");
    expect(env.MALLOC_ARENA_MAX).toBe("2");
    expect(Number(env.MALLOC_MMAP_THRESHOLD_)).toBeGreaterThan(0);
    expect(env.NODE_OPTIONS).toMatch(/--max-semi-space-size=\d+/);
    // Node refuses to start at all when NODE_OPTIONS holds a flag it does not allow there.
    const node = spawnSync(path.join(ROOT, "node_modules/.bin/node"), ["-e", "0"], {
      env: { PATH: process.env.PATH, NODE_OPTIONS: env.NODE_OPTIONS },
      encoding: "utf8",
    });
    expect(node.stderr).toBe("");
    expect(node.status).toBe(0);
  });

  it.skipIf(!has("systemd-analyze"))("pass systemd-analyze verify", () => {
    // The units name /opt/kestrel, where the site is installed; here they point at this checkout.
    const dir = mkdtempSync(path.join(tmpdir(), "kestrel-units-"));
    const node = path.join(ROOT, "node_modules/.bin/node");
    for (const file of ["kestrel.service", "kestrel-backup.service", "kestrel-backup.timer"]) {
      const text = readFileSync(path.join(DEPLOY, file), "utf8").replaceAll("/opt/kestrel/node_modules/.bin/node", node).replaceAll("/opt/kestrel", ROOT);
      writeFileSync(path.join(dir, file), text);
    }
    const result = spawnSync("systemd-analyze", ["verify", ...["kestrel.service", "kestrel-backup.service", "kestrel-backup.timer"].map((f) => path.join(dir, f))], { encoding: "utf8" });
    expect(result.stderr + result.stdout).toBe("");
    expect(result.status).toBe(0);
  });
});

describe("the quote form through Caddy with deploy/Caddyfile", () => {
  let server: RunningServer;
  let caddy: ChildProcess;
  let caddyOutput = "";
  let port: number;
  let ca: Buffer;

  /** An HTTPS request to Caddy on `localhost`, from the given loopback address. */
  function send(options: { method?: string; path: string; from: string; headers?: Record<string, string>; body?: Buffer }) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = request(
        { host: "localhost", port, method: options.method ?? "GET", path: options.path, ca, localAddress: options.from, headers: options.headers, family: 4 },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    });
  }

  /** The quote form as the page sends it: multipart, here with one photo. */
  async function postQuote(from: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("photos", new Blob([new Uint8Array(await picture("jpeg"))], { type: "image/jpeg" }), "roof.jpg");
    const encoded = new Request("http://localhost/", { method: "POST", body: form });
    const body = Buffer.from(await encoded.arrayBuffer());
    return send({
      method: "POST",
      path: "/?index",
      from,
      body,
      headers: { "Content-Type": encoded.headers.get("content-type")!, "Content-Length": String(body.length), Origin: `https://localhost:${port}`, ...headers },
    });
  }

  beforeAll(async () => {
    // One post a minute per visitor: which address the server counts shows where it took it from.
    server = await startServer({ TRUST_PROXY: "1", FORM_RATE_LIMIT: "1" });
    port = await freePort();
    const home = mkdtempSync(path.join(tmpdir(), "kestrel-caddy-"));
    mkdirSync(path.join(home, "data"));
    mkdirSync(path.join(home, "config"));
    caddy = spawn("caddy", ["run", "--config", path.join(DEPLOY, "Caddyfile"), "--adapter", "caddyfile"], {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: path.join(home, "data"),
        XDG_CONFIG_HOME: path.join(home, "config"),
        SITE_HOST: "localhost",
        CADDY_TLS: "internal",
        UPSTREAM: `127.0.0.1:${server.port}`,
        CADDY_ADMIN: "off",
        CADDY_HTTP_PORT: String(await freePort()),
        CADDY_HTTPS_PORT: String(port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    caddy.stdout!.on("data", (chunk) => (caddyOutput += chunk));
    caddy.stderr!.on("data", (chunk) => (caddyOutput += chunk));
    const root = path.join(home, "data/caddy/pki/authorities/local/root.crt");
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`Caddy stopped:\n${caddyOutput}`);
      try {
        ca = readFileSync(root);
        if ((await send({ path: "/healthz", from: "127.0.0.1" })).status === 200) break;
      } catch {
        // not ready yet
      }
      if (Date.now() > deadline) throw new Error(`Caddy did not start:\n${caddyOutput}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  afterAll(async () => {
    caddy?.kill("SIGTERM");
    await server?.stop();
  });

  it("stores the request and its photo sent over TLS from the https page, counting the visitor by the forwarded address", async () => {
    const first = await postQuote("127.0.0.2", { ...QUOTE, name: "Through Caddy" });
    expect(first.status).toBe(303);
    expect(first.headers.location).toMatch(/^\/\?sent=K-\d{4,}&book=[\w-]{43}#quote-sent$/);
    expect(server.rows().map((r) => r.name)).toEqual(["Through Caddy"]);
    expect(photoRows(server)).toHaveLength(1);

    // The same visitor again is over the limit of one a minute, even claiming another address:
    // Caddy replaces the X-Forwarded-For a visitor sends.
    expect((await postQuote("127.0.0.2", { ...QUOTE, name: "Again" }, { "X-Forwarded-For": "198.51.100.7" })).status).toBe(429);
    // Another visitor is not: the server counts the address Caddy forwarded, not Caddy's own.
    expect((await postQuote("127.0.0.3", { ...QUOTE, name: "Neighbour" })).status).toBe(303);
    expect(server.rows().map((r) => r.name)).toEqual(["Through Caddy", "Neighbour"]);
  });

  it("refuses a post whose origin is not the https page", async () => {
    for (const origin of [`http://localhost:${port}`, "https://evil.example"]) {
      const response = await postQuote("127.0.0.4", { ...QUOTE, name: `From ${origin}` }, { Origin: origin });
      expect(response.status, origin).toBeGreaterThanOrEqual(400);
      expect(response.status, origin).toBeLessThan(500);
    }
    expect(server.rows().map((r) => r.name)).not.toContain(`From https://evil.example`);
  });

  it("takes the owner's posts from the https page only: the site's origin is the scheme and host Caddy forwards", async () => {
    const { cookie } = signedInOwner(server.dataDir);
    const store = openStore(server.dataDir);
    const id = store.add({ form: "quote", page: "/", name: "Behind Caddy", email: "caddy@example.org", phone: "07700 900321", location: "Stevenage", message: "Ridge tiles loose." }, { notify: false }).id;
    store.close();
    const changeStatus = (status: string, headers: Record<string, string>) => {
      const body = Buffer.from(new URLSearchParams({ intent: "status", status }).toString());
      return send({ method: "POST", path: `/admin/requests/${id}`, from: "127.0.0.5", body, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length), Cookie: cookie, ...headers } });
    };
    const statusOf = () => server.rows().find((row) => row.id === id)!.status;
    const refused: Record<string, string>[] = [{ Origin: `http://localhost:${port}` }, { Origin: "https://evil.example" }, {}, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of refused) {
      expect((await changeStatus("spam", headers)).status, JSON.stringify(headers)).toBe(403);
    }
    expect(statusOf()).toBe("new");
    expect((await changeStatus("contacted", { Origin: `https://localhost:${port}`, "Sec-Fetch-Site": "same-origin" })).status).toBe(303);
    expect(statusOf()).toBe("contacted");
    expect((await changeStatus("quoted", { "Sec-Fetch-Site": "same-origin" })).status).toBe(303);
    expect(statusOf()).toBe("quoted");
  });

  it("passes the server's own compression and headers through untouched", async () => {
    const page = await send({ path: "/", from: "127.0.0.1", headers: { "Accept-Encoding": "br" } });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["strict-transport-security"]).toBeDefined();
    expect(readFileSync(path.join(DEPLOY, "Caddyfile"), "utf8")).not.toMatch(/^\s*encode\b/m);
  });
});
