/**
 * The owner's area from outside, against the real server: signed out, every owner URL redirects
 * to sign-in and leaks nothing; forged, expired and revoked sessions are refused; a post from
 * another origin changes nothing; invite links work once; sign-in attempts are rate limited;
 * owner pages are never cached, indexed or listed.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvite, spendInvite } from "../../app/lib/owner/invites.server.ts";
import { run as ownerCommand } from "../../scripts/owner.ts";
import { postForm, startServer, type RunningServer } from "../support/server.ts";
import { openStore, signedInOwner, storedPhoto } from "../support/owner.ts";
import { picture } from "../support/pictures.ts";

let server: RunningServer;
let leadId: number;
const SECRET = { name: "Zebedee Secretname", email: "zebedee@example.org", phone: "07700 900777", location: "SG9 9ZZ", message: "A private message about my roof." };

beforeAll(async () => {
  server = await startServer();
  const store = openStore(server.dataDir);
  leadId = store.add({ form: "contact", page: "/contact", ...SECRET }).id;
  store.close();
});
afterAll(() => server.stop());

const get = (path: string, cookie?: string) => fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
const leaks = (text: string) => [SECRET.name, SECRET.email, SECRET.phone, SECRET.location, SECRET.message, "Secretname"].filter((s) => text.includes(s));

const OWNER_URLS = () => ["/admin", `/admin/photos/${"ab".repeat(16)}`, `/admin/photos/${"ab".repeat(16)}?size=thumb`, "/admin/no-such-page", "/admin?q=Zebedee", `/admin/requests/${leadId}`, "/admin/requests.csv", "/admin/requests.csv?q=Zebedee", "/admin/sources", "/admin/insights", "/admin/help", "/admin/passkeys", "/admin/notifications", "/admin/survey-bookings", "/admin/site", "/admin/site/contact", "/admin/site/hours", "/admin/site/promises", "/admin/site/social", "/admin/site/invoicing", "/admin/site/versions", "/admin/site/preview/", "/admin/requests/999999"];

async function expectSentToSignIn(response: Response) {
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toMatch(/^\/admin\/sign-in(\?next=%2Fadmin[^ ]*)?$/);
  const body = await response.text();
  expect(leaks(body + JSON.stringify([...response.headers]))).toEqual([]);
}

describe("signed out", () => {
  it("every owner URL redirects to sign-in and leaks nothing", async () => {
    for (const path of OWNER_URLS()) {
      const response = await get(path);
      await expectSentToSignIn(response);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("x-robots-tag"), path).toMatch(/noindex/);
    }
  });

  it("a forged cookie is refused", async () => {
    for (const path of OWNER_URLS()) await expectSentToSignIn(await get(path, `__Host-kestrel-owner=${"A".repeat(43)}`));
    await expectSentToSignIn(await get("/admin", "__Host-kestrel-owner=../../etc"));
  });

  it("a session unused for 30 days is refused and forgotten", async () => {
    const owner = signedInOwner(server.dataDir);
    expect((await get("/admin", owner.cookie)).status).toBe(200);
    const store = openStore(server.dataDir);
    store.db.prepare("UPDATE owner_sessions SET last_used_at = ? WHERE passkey_id = ?").run(new Date(Date.now() - 30 * 86_400_000 - 1000).toISOString(), owner.passkeyId);
    store.close();
    await expectSentToSignIn(await get("/admin", owner.cookie));
    const after = openStore(server.dataDir);
    expect(after.db.prepare("SELECT COUNT(*) AS n FROM owner_sessions WHERE passkey_id = ?").get(owner.passkeyId)).toEqual({ n: 0 });
    after.close();
  });

  it("a post without a session changes nothing", async () => {
    const response = await postForm(server, `/admin/requests/${leadId}`, { intent: "status", status: "won" });
    await expectSentToSignIn(response);
    expect(server.rows().find((r) => r.id === leadId)!.status).toBe("new");
    await expectSentToSignIn(await postForm(server, `/admin/requests/${leadId}`, { intent: "delete" }));
    expect(server.rows().some((r) => r.id === leadId)).toBe(true);
  });

  it("the sign-in page shows the passkey button and nothing of any request", async () => {
    const response = await fetch(`http://localhost:${server.port}/admin/sign-in`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Sign in with a passkey");
    const elsewhere = await (await get("/admin/sign-in")).text();
    expect(elsewhere, "at an address passkeys cannot use, the page points to the site's own").toContain("Sign in at <a href=\"https://www.example.com/admin/sign-in\"");
    expect(leaks(html)).toEqual([]);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
  });
});

describe("signed in", () => {
  it("owner pages answer with the requests, never cached or indexed, under the strict CSP", async () => {
    const owner = signedInOwner(server.dataDir);
    for (const path of ["/admin", `/admin/requests/${leadId}`, "/admin/sources", "/admin/passkeys"]) {
      const response = await get(path, owner.cookie);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("x-robots-tag"), path).toMatch(/noindex/);
      const scriptSrc = response.headers.get("content-security-policy")!.split(";").find((d) => d.trim().startsWith("script-src"))!;
      expect(scriptSrc.trim(), path).toBe("script-src 'self'");
      const html = await response.text();
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html, path).toContain("Sign out");
    }
    expect(await (await get("/admin", owner.cookie)).text()).toContain(SECRET.name);
  });

  it("Help is in every owner page's menu and answers, in the owner's words, what he does most", async () => {
    const owner = signedInOwner(server.dataDir);
    for (const path of ["/admin", "/admin/site", "/admin/reviews"]) {
      expect(await (await get(path, owner.cookie)).text(), path).toContain('href="/admin/help"');
    }
    const help = await get("/admin/help", owner.cookie);
    expect(help.status).toBe(200);
    const text = (await help.text()).replace(/<[^>]+>/g, " ").replaceAll("&#x27;", "'");
    for (const topic of ["Changing your phone number or opening hours", "Adding photos of a finished job", "Sending a written quote", "What each status means", "When a customer's link has expired"]) {
      expect(text).toContain(topic);
    }
    // Issue 35's places each have a section of their own, under its heading and in the topics' list.
    const html = (await (await get("/admin/help", owner.cookie)).text()).replaceAll("&#x27;", "'");
    const sections = [...html.matchAll(/<section id="([\w-]+)"[^>]*><h2 id="\1-heading"[^>]*>([^<]+)<\/h2>/g)].map((match) => ({ id: match[1]!, title: match[2]! }));
    for (const [title, says] of [
      ["Your jobs", /Jobs lists the won ones not yet paid in full/],
      ["Next step on a request", /Next step is always the next thing/],
      ["Your price list", /Price list keeps the lines you quote often/],
      ["Forms filled in for you", /Book a visit: a survey before you quote/],
      ["Your diary, and the visits in your phone's calendar", /is your agenda/],
      ["Your customer's own page, and What to do now", /It opens on What to do now/],
      ["Photos of the job, your customer and the gallery", /Only after their Yes does the request offer Put in the gallery/],
    ] as const) {
      const section = sections.find((found) => found.title === title);
      expect(section, `Help has a section "${title}"`).toBeDefined();
      expect(html, `the topics list "${title}"`).toContain(`href="#${section!.id}"`);
      const body = html.slice(html.indexOf(`<section id="${section!.id}"`)).split("</section>")[0]!.replace(/<[^>]+>/g, " ");
      expect(body, title).toMatch(says);
    }
    for (const status of ["New", "Contacted", "Quoted", "Won", "Lost", "Spam"]) expect(text).toMatch(new RegExp(`\\b${status}\\b`));
    // A developer's words: file names, commands, placeholders.
    expect(text).not.toMatch(/\.json|npm |\{[a-zA-Z]+\}|DATA_DIR|SMTP/);
  });

  it("a request's photos show on its page, and are served to the signed-in owner only", async () => {
    const store = openStore(server.dataDir);
    const photo = storedPhoto(store);
    const id = store.add({ form: "quote", page: "/", ...SECRET }, { notify: false, photos: [photo] }).id;
    store.close();
    await expectSentToSignIn(await get(`/admin/photos/${photo.id}`));
    const owner = signedInOwner(server.dataDir);
    const page = await (await get(`/admin/requests/${id}`, owner.cookie)).text();
    expect(page).toContain(`<a href="/admin/photos/${photo.id}"`);
    expect(page).toContain(`<img src="/admin/photos/${photo.id}?size=thumb" width="480" height="360" loading="lazy" decoding="async" alt="Photo 1 of 1 sent with the request"`);
    const served = await get(`/admin/photos/${photo.id}`, owner.cookie);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("no-store");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect([...new Uint8Array(await served.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    // A stored file that does not decode has no thumbnail: missing, not a server error.
    expect((await get(`/admin/photos/${photo.id}?size=thumb`, owner.cookie)).status).toBe(404);
    expect((await get(`/admin/photos/${"cd".repeat(16)}`, owner.cookie)).status).toBe(404);
    expect((await get("/admin/photos/..%2Fleads.sqlite", owner.cookie)).status).toBe(404);
  });

  it("a photo's thumbnail is a small JPEG for the signed-in owner only, sized as the page says", async () => {
    const full = { bytes: await picture("jpeg", 2560, 1920), width: 2560, height: 1920 };
    const store = openStore(server.dataDir);
    const photo = storedPhoto(store, full);
    const id = store.add({ form: "quote", page: "/", ...SECRET }, { notify: false, photos: [photo] }).id;
    store.close();
    await expectSentToSignIn(await get(`/admin/photos/${photo.id}?size=thumb`));
    const owner = signedInOwner(server.dataDir);
    const page = await (await get(`/admin/requests/${id}`, owner.cookie)).text();
    expect(page).toContain(`<img src="/admin/photos/${photo.id}?size=thumb" width="480" height="360"`);
    const thumb = await get(`/admin/photos/${photo.id}?size=thumb`, owner.cookie);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    expect(thumb.headers.get("cache-control")).toBe("no-store");
    expect(thumb.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await thumb.arrayBuffer());
    expect(Number(thumb.headers.get("content-length"))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(full.bytes.length / 4);
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 480, 360]);
  });

  it("an unknown owner address answers 404, never cached or indexed", async () => {
    const owner = signedInOwner(server.dataDir);
    for (const path of ["/admin/no-such-page", "/admin/requests/1/more"]) {
      const response = await get(path, owner.cookie);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("x-robots-tag"), path).toMatch(/noindex/);
      const html = await response.text();
      expect(html, path).toContain("No such page");
      expect(html, path).toContain("Sign out");
    }
  });

  it("a session used again after an hour is renewed for 30 days", async () => {
    const owner = signedInOwner(server.dataDir);
    const fresh = await get("/admin", owner.cookie);
    expect(fresh.headers.get("set-cookie"), "no write on every page").toBeNull();
    const store = openStore(server.dataDir);
    store.db.prepare("UPDATE owner_sessions SET last_used_at = ? WHERE passkey_id = ?").run(new Date(Date.now() - 2 * 3_600_000).toISOString(), owner.passkeyId);
    store.close();
    const renewed = await get("/admin", owner.cookie);
    expect(renewed.headers.get("set-cookie")).toBe(`${owner.cookie}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=2592000`);
  });

  it("a post from another origin is refused and changes nothing", async () => {
    const owner = signedInOwner(server.dataDir);
    const response = await postForm(server, `/admin/requests/${leadId}`, { intent: "status", status: "spam" }, { Cookie: owner.cookie, Origin: "https://evil.example" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(server.rows().find((r) => r.id === leadId)!.status).toBe("new");
    const same = await postForm(server, `/admin/requests/${leadId}`, { intent: "status", status: "contacted" }, { Cookie: owner.cookie });
    expect(same.status).toBe(303);
    expect(server.rows().find((r) => r.id === leadId)!.status).toBe("contacted");
  });

  it("revoking a passkey from the shell ends its sessions", async () => {
    const owner = signedInOwner(server.dataDir, "Lost phone");
    expect((await get("/admin", owner.cookie)).status).toBe(200);
    const previous = process.env.DATA_DIR;
    process.env.DATA_DIR = server.dataDir;
    let out = "";
    try {
      expect(ownerCommand(["revoke", String(owner.passkeyId)], (t) => (out += t))).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = previous;
    }
    expect(out).toContain(`Passkey ${owner.passkeyId} removed`);
    await expectSentToSignIn(await get("/admin", owner.cookie));
  });

  it("removing a passkey in the owner's area ends its sessions", async () => {
    const remover = signedInOwner(server.dataDir, "Laptop");
    const lost = signedInOwner(server.dataDir, "Old phone");
    const response = await postForm(server, "/admin/passkeys", { intent: "remove", id: String(lost.passkeyId) }, { Cookie: remover.cookie });
    expect(response.status).toBe(303);
    await expectSentToSignIn(await get("/admin", lost.cookie));
    expect((await get("/admin", remover.cookie)).status).toBe(200);
  });

  it("Sign out ends the session and clears the cookie", async () => {
    const owner = signedInOwner(server.dataDir);
    const response = await postForm(server, "/admin/sign-out", {}, { Cookie: owner.cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("set-cookie")).toMatch(/^__Host-kestrel-owner=; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=0$/);
    await expectSentToSignIn(await get("/admin", owner.cookie));
  });
});

describe("invites", () => {
  it("a used invite link fails, and so does an expired one", async () => {
    const store = openStore(server.dataDir);
    const used = createInvite(store, { name: "Used" });
    spendInvite(store, used.invite.id);
    const expired = createInvite(store, { name: "Late", now: new Date(Date.now() - 24 * 3_600_000 - 1000) });
    const fresh = createInvite(store, { name: "Fresh" });
    store.close();

    const usedPage = await get(`/admin/invite/${used.token}`);
    expect(usedPage.status).toBe(410);
    const usedHtml = await usedPage.text();
    expect(usedHtml).toContain("This invite link has already been used");
    expect(usedHtml).not.toContain("Create passkey");
    const expiredPage = await get(`/admin/invite/${expired.token}`);
    expect(expiredPage.status).toBe(410);
    expect(await expiredPage.text()).toContain("This invite link has expired");
    expect((await get(`/admin/invite/${"x".repeat(43)}`)).status).toBe(404);

    const refused = await postForm(server, "/admin/webauthn/registration", { invite: used.token, intent: "options" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "This invite link has already been used." });

    const freshPage = await get(`/admin/invite/${fresh.token}`);
    expect(freshPage.status).toBe(200);
    expect(await freshPage.text()).toContain("Create passkey");
    const options = await postForm(server, "/admin/webauthn/registration", { invite: fresh.token, intent: "options" });
    expect(options.status).toBe(200);
    const json = (await options.json()) as { rp: { id: string }; challenge: string };
    expect(json.rp.id, "the relying party is the site's host (SITE_URL), not the address the test used").toBe("www.example.com");
    expect(options.headers.get("set-cookie")).toMatch(/^__Host-kestrel-ceremony=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict; Max-Age=300$/);
  });

  it("without JavaScript, pressing the passkey button says a passkey needs it", async () => {
    const local = `http://localhost:${server.port}`;
    const response = await fetch(`${local}/admin/sign-in`, { method: "POST", body: new URLSearchParams({ next: "/admin" }), headers: { Origin: local } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Passkeys need JavaScript. Turn it on for this site, then press the button again.");
  });

  it("a sign-in answer without its challenge is refused", async () => {
    const response = await postForm(server, "/admin/webauthn/authentication", { intent: "verify", credential: JSON.stringify({ id: "x", response: {} }) });
    expect(response.status).toBe(400);
    expect(server.output()).toContain("Passkey sign-in refused");
  });
});

describe("never public", () => {
  it("robots.txt disallows /admin; neither sitemap lists it; public pages do not link to it", async () => {
    expect(await (await get("/robots.txt")).text()).toMatch(/^Disallow: \/admin$/m);
    expect(await (await get("/sitemap.xml")).text()).not.toContain("/admin");
    for (const path of ["/sitemap", "/", "/contact", "/no-such-page"]) expect(await (await get(path)).text(), path).not.toMatch(/href="[^"]*\/admin/);
  });
});

it("sign-in attempts are rate limited per address (429)", async () => {
  const limited = await startServer({ SIGN_IN_RATE_LIMIT: "2" });
  try {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await postForm(limited, "/admin/webauthn/authentication", { intent: "options" })).status);
    expect(statuses).toEqual([200, 200, 429]);
    const owner = signedInOwner(limited.dataDir);
    const store = openStore(limited.dataDir);
    const id = store.add({ form: "quote", page: "/", ...SECRET }).id;
    store.close();
    for (let i = 0; i < 8; i++) {
      const change = await postForm(limited, `/admin/requests/${id}`, { intent: "note", note: `Note ${i}` }, { Cookie: owner.cookie });
      expect(change.status, "the owner's own changes are not held to the visitors' form limit").toBe(303);
    }
  } finally {
    await limited.stop();
  }
});
