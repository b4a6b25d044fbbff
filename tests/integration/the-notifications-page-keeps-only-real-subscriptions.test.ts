/**
 * The Notifications page's server side, through the real server: a device is stored only from a
 * well-formed https subscription and only for a signed-in owner; a test push needs a device; the
 * manifest and the service worker are served for the owner's area alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, signedInOwner } from "../support/owner.ts";
import { postForm, startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36";
const subscription = (endpoint: string) => JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } });

beforeAll(async () => {
  server = await startServer();
  cookie = signedInOwner(server.dataDir).cookie;
});
afterAll(() => server.stop());

const deviceRows = () => {
  const store = openStore(server.dataDir);
  try {
    return store.db.prepare("SELECT endpoint, device FROM push_subscriptions ORDER BY id").all().map((row) => ({ ...row }));
  } finally {
    store.close();
  }
};

describe("turning notifications on", () => {
  it("refuses a visitor who is not signed in, and stores nothing", async () => {
    const response = await postForm(server, "/admin/notifications", { intent: "subscribe", subscription: subscription("https://push.example.net/x") });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    expect(deviceRows()).toEqual([]);
  });

  it("refuses what is not a browser's https subscription, saying so", async () => {
    for (const bad of ["not json", subscription("http://push.example.net/x"), JSON.stringify({ endpoint: "https://push.example.net/x" })]) {
      const response = await postForm(server, "/admin/notifications", { intent: "subscribe", subscription: bad }, { Cookie: cookie });
      expect(response.status, bad).toBe(400);
      expect(await response.text()).toContain("The browser&#x27;s subscription could not be read.");
    }
    expect(deviceRows()).toEqual([]);
  });

  it("asks for a device before a test push", async () => {
    const response = await postForm(server, "/admin/notifications", { intent: "test" }, { Cookie: cookie });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("No device gets notifications yet");
  });

  it("stores a device under a name the owner can tell apart, once per endpoint", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await postForm(server, "/admin/notifications", { intent: "subscribe", subscription: subscription("https://push.example.net/abc") }, { Cookie: cookie, "User-Agent": ANDROID });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/admin/notifications?added");
    }
    expect(deviceRows()).toEqual([{ endpoint: "https://push.example.net/abc", device: "Chrome on Android" }]);
    const page = await (await fetch(`${server.url}/admin/notifications?added`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Notifications are on for this device.");
    expect(page).toContain("Chrome on Android");
    expect(page, "the endpoint is a secret: never shown").not.toContain("push.example.net/abc");
  });
});

describe("the owner's app", () => {
  it("has a manifest whose start and scope are the owner's area, with 192, 512 and maskable icons that exist", async () => {
    const response = await fetch(`${server.url}/admin/manifest.webmanifest`);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as { start_url: string; scope: string; display: string; icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ start_url: "/admin/", scope: "/admin/", display: "standalone" });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) {
      const png = await fetch(`${server.url}${icon.src}`);
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
    }
    const page = await (await fetch(`${server.url}/admin/sign-in`)).text();
    expect(page).toContain('<link rel="manifest" href="/admin/manifest.webmanifest"/>');
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home, "the public pages are not part of the app").not.toContain("manifest");
  });

  it("serves the service worker from /admin/, its scope allowed no wider than /admin, the inbox's own address", async () => {
    const response = await fetch(`${server.url}/admin/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("service-worker-allowed")).toBe("/admin");
    const code = await response.text();
    expect(code).toContain('addEventListener("push"');
    expect(code).toContain("showNotification");
    expect((await fetch(`${server.url}/sw.js`)).status).toBe(404);
    // A module worker, which imports the outbox's sender (decision 34); the same worker as a
    // classic script, without it, for a browser that cannot run a module worker.
    const sender = /^import "(\/js\/outbox-worker\.[\w-]+\.js)";$/m.exec(code)?.[1];
    expect(sender, "the module worker imports the outbox's sender").toBeDefined();
    expect((await fetch(`${server.url}${sender}`)).status).toBe(200);
    const classic = await (await fetch(`${server.url}/admin/sw.js?classic`)).text();
    expect(classic).not.toMatch(/^import /m);
    expect(classic).toContain('addEventListener("sync"');
  });
});
