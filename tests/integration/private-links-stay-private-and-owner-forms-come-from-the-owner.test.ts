/**
 * Issue 24, sections 5 and 6 (and issue 27's customer page) on the real server: a customer's or the owner's private link keeps
 * its token out of every log line and file the server writes, and out of the Referer; the
 * customer's own forms are taken under no-referrer (Origin: null) and refused from another site;
 * the owner's forms are taken only from his own pages (server/same-origin.ts); and a post to a
 * page without a form is a plain 405 with nothing but its access-log line.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_PID_FILE } from "../../app/lib/db/files.server.ts";
import { customerPagePath, customerPageToken } from "../../app/lib/links/page-links.server.ts";
import { createInvite, invitePath } from "../../app/lib/owner/invites.server.ts";
import { createQuote, quoteById, quotePath, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { requestReview, reviewPath } from "../../app/lib/reviews/reviews.server.ts";
import { signedInOwner, withStore } from "../support/owner.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ FORM_RATE_LIMIT: "1000" });
  cookie = signedInOwner(server.dataDir).cookie;
});
afterAll(async () => {
  await server.stop();
});

/** What a browser sends with a form from a page under `Referrer-Policy: no-referrer`. */
const NO_REFERRER_PAGE = { Origin: "null", "Sec-Fetch-Site": "same-origin" };
const ANOTHER_SITE = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

function post(pathname: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, { method: "POST", body: new URLSearchParams(fields), headers, redirect: "manual" });
}


function newLead(name: string, status = "new"): number {
  return withStore(server.dataDir, (store) => {
    const lead = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email: "private@example.org", phone: "07700 900444", location: "4 Church Lane, Hitchin", message: "Moss in the valley." }, { notify: false });
    store.db.prepare("UPDATE leads SET status = ? WHERE id = ?").run(status, lead.id);
    return lead.id;
  });
}

/** A sent quote, as the owner's Send leaves it: its id, the token of the customer's link, and their page's. */
function sentQuote(): { quoteId: number; token: string; page: string } {
  return withStore(server.dataDir, (store) => {
    const quote = createQuote(store, newLead("Quoted Customer"), { actor: "Test" })!;
    saveDraft(store, quote.id, {
      lines: [{ description: "Valley re-lined in lead", quantity: 100, unitPence: 64000 }],
      vat: true,
      validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      notes: "",
      guarantees: [],
      followUps: false,
    });
    const sent = sendQuote(store, quote.id, { actor: "Test" });
    if ("refused" in sent) throw new Error(sent.refused);
    return { quoteId: quote.id, token: sent.token, page: customerPageToken(store, quote.leadId)! };
  });
}

const quoteStatus = (id: number) => withStore(server.dataDir, (store) => quoteById(store, id)!.status);

function reviewLink(): { token: string; reviewId: number } {
  return withStore(server.dataDir, (store) => {
    const asked = requestReview(store, newLead("Reviewing Customer", "won"), { actor: "Test" })!;
    return { token: asked.token, reviewId: asked.review.id };
  });
}

const reviewState = (id: number) => withStore(server.dataDir, (store) => store.db.prepare("SELECT submitted_at AS submittedAt FROM reviews WHERE id = ?").get(id) as { submittedAt: string | null });

const REVIEW = { stars: "5", text: "Found the leak first time and left the garden tidy.", name: "Priya T.", consent: "on" };

/** The server's output from now on, once `line` has been logged (the log is written a turn later). */
async function outputUntil(from: number, line: RegExp): Promise<string> {
  const deadline = Date.now() + 5000;
  while (!line.test(server.output().slice(from)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const text = server.output().slice(from);
  expect(text).toMatch(line);
  return text;
}

/** The output's length once every line logged so far is written: a marker visit is logged last. */
let markers = 0;
async function settledOutput(): Promise<number> {
  const marker = `/marker-${++markers}`;
  await fetch(`${server.url}${marker}`);
  await outputUntil(0, new RegExp(`^GET ${marker} 404 `, "m"));
  return server.output().length;
}

/** Every file under `dir`, with its path. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("a private link's token", () => {
  it("is in no log line and no file the server wrote outside the database, and every visit is logged with [token]", async () => {
    const quote = sentQuote();
    const review = reviewLink();
    const invite = withStore(server.dataDir, (store) => createInvite(store, { name: "New phone" }).token);
    const page = sentQuote();
    const tokens = [quote.token, review.token, invite, page.page];
    for (const token of tokens) expect(token).toMatch(/^[\w-]{43}$/);

    expect((await fetch(`${server.url}${quotePath(quote.token)}`)).status).toBe(200);
    expect((await fetch(`${server.url}${quotePath(quote.token)}/pdf`)).status).toBe(200);
    expect((await post(quotePath(quote.token), { intent: "accept", name: "Quoted Customer" }, NO_REFERRER_PAGE)).status).toBe(303);
    expect((await fetch(`${server.url}${reviewPath(review.token)}`)).status).toBe(200);
    expect((await post(reviewPath(review.token), REVIEW, NO_REFERRER_PAGE)).status).toBe(303);
    expect((await fetch(`${server.url}${invitePath(invite)}`)).status).toBe(200);
    expect((await fetch(`${server.url}${customerPagePath(page.page)}`)).status).toBe(200);
    expect((await fetch(`${server.url}${customerPagePath(page.page)}/quotes/${page.quoteId}/pdf`)).status).toBe(200);
    expect((await post(customerPagePath(page.page), { intent: "accept", quote: String(page.quoteId), name: "Quoted Customer" }, NO_REFERRER_PAGE)).status).toBe(303);
    // Refused, mistyped and not-found spellings of a link are logged without their token too.
    expect((await post(quotePath(quote.token), { intent: "decline" }, ANOTHER_SITE)).status).toBe(403);
    expect((await post(`${quotePath(quote.token)}/pdf`, {}, NO_REFERRER_PAGE)).status).toBe(405);
    expect((await fetch(`${server.url}${quotePath(quote.token)}/more`)).status).toBe(404);
    expect((await fetch(`${server.url}/Q/${quote.token}`)).status).toBe(404);
    expect((await fetch(`${server.url}//review//${review.token}`, { redirect: "manual" })).status).toBe(301);

    const log = await outputUntil(0, /^GET \/\/review\/\/\[token\] 301 /m);
    for (const line of [
      /^GET \/q\/\[token\] 200 \d+\.\dms$/m,
      /^GET \/q\/\[token\]\/pdf 200 \d+\.\dms$/m,
      /^POST \/q\/\[token\] 303 \d+\.\dms$/m,
      /^POST \/q\/\[token\] 403 \d+\.\dms$/m,
      /^POST \/q\/\[token\]\/pdf 405 \d+\.\dms$/m,
      /^GET \/q\/\[token\]\/more 404 \d+\.\dms$/m,
      /^GET \/Q\/\[token\] 404 \d+\.\dms$/m,
      /^GET \/review\/\[token\] 200 \d+\.\dms$/m,
      /^POST \/review\/\[token\] 303 \d+\.\dms$/m,
      /^GET \/admin\/invite\/\[token\] 200 \d+\.\dms$/m,
      /^GET \/c\/\[token\] 200 \d+\.\dms$/m,
      /^GET \/c\/\[token\]\/quotes\/\d+\/pdf 200 \d+\.\dms$/m,
      /^POST \/c\/\[token\] 303 \d+\.\dms$/m,
    ]) {
      expect(log).toMatch(line);
    }

    // Everything the server wrote: its output, and each file in its data folder but the database,
    // while it runs (its pid file among them) and once it has stopped and closed them all.
    const written = () => filesUnder(server.dataDir).filter((file) => !/^leads\.sqlite(-wal|-shm|-journal)?$/.test(path.basename(file)));
    const running = written();
    expect(running.map((file) => path.basename(file))).toContain(SERVER_PID_FILE);
    try {
      expect(await server.stop()).toBe(0);
      for (const token of tokens) {
        expect(server.output()).not.toContain(token);
        for (const file of [...running, ...written()]) expect(existsSync(file) && readFileSync(file).includes(token), file).toBe(false);
      }
    } finally {
      server = await startServer({ FORM_RATE_LIMIT: "1000" }, server.dataDir);
    }
  });

  it("leaves in no Referer: /c/, /q/ and /review/ answer no-referrer, never indexed or stored", async () => {
    const quote = sentQuote();
    const review = reviewLink();
    const page = customerPagePath(quote.page);
    for (const link of [quotePath(quote.token), `${quotePath(quote.token)}/pdf`, reviewPath(review.token), quotePath("A".repeat(43)), reviewPath("A".repeat(43)), page, `${page}/quotes/${quote.quoteId}/pdf`, customerPagePath("A".repeat(43))]) {
      const response = await fetch(`${server.url}${link}`);
      expect(response.headers.get("referrer-policy"), link).toBe("no-referrer");
      expect(response.headers.get("x-robots-tag"), link).toMatch(/noindex/);
      expect(response.headers.get("cache-control"), link).toBe("no-store");
    }
    // The rest of the site keeps its policy: the owner's pages post with their real Origin.
    expect((await fetch(`${server.url}/`)).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect((await fetch(`${server.url}${invitePath("A".repeat(43))}`)).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("a customer's form", () => {
  it("is taken from its own page under no-referrer (Origin: null), and from the site's Origin", async () => {
    const first = sentQuote();
    expect((await post(quotePath(first.token), { intent: "accept", name: "Quoted Customer" }, NO_REFERRER_PAGE)).status).toBe(303);
    expect(quoteStatus(first.quoteId)).toBe("accepted");
    const second = sentQuote();
    expect((await post(quotePath(second.token), { intent: "decline", reason: "Too dear" }, { Origin: server.url, "Sec-Fetch-Site": "same-origin" })).status).toBe(303);
    expect(quoteStatus(second.quoteId)).toBe("declined");
    const review = reviewLink();
    const sent = await post(reviewPath(review.token), REVIEW, NO_REFERRER_PAGE);
    expect(sent.status).toBe(303);
    expect(reviewState(review.reviewId).submittedAt).not.toBeNull();
    expect(await (await fetch(`${server.url}${reviewPath(review.token)}`)).text()).toContain("Thank you for your review");
  });

  it.each([
    ["another site's Origin", { Origin: "https://evil.example" }],
    ["another site's Origin, same-origin claimed", { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" }],
    ["Origin: null from another site", { Origin: "null", "Sec-Fetch-Site": "cross-site" }],
    ["a sibling site", { "Sec-Fetch-Site": "same-site" }],
  ])("is refused with %s: 403, a page saying so, and nothing changed", async (_, headers) => {
    const quote = sentQuote();
    const refused = await post(quotePath(quote.token), { intent: "accept", name: "Quoted Customer" }, headers);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(refused.headers.get("content-security-policy")).toMatch(/default-src 'self'.*script-src 'self'/);
    expect(refused.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await refused.text()).toContain("Nothing was changed.");
    expect(quoteStatus(quote.quoteId)).toBe("sent");
    const review = reviewLink();
    expect((await post(reviewPath(review.token), REVIEW, headers)).status).toBe(403);
    expect(reviewState(review.reviewId).submittedAt).toBeNull();
  });
});

describe("the owner's forms", () => {
  const leadRow = (id: number) => server.rows().find((row) => row.id === id)!;
  const auditOf = (id: number) => withStore(server.dataDir, (store) => store.db.prepare("SELECT action FROM audit WHERE lead_id = ?").all(id).length);
  const changeStatus = (id: number, headers: Record<string, string>, pathname = `/admin/requests/${id}`) => post(pathname, { intent: "status", status: "contacted" }, { Cookie: cookie, ...headers });

  it.each([
    ["no Origin and no Sec-Fetch-Site (a replayed form)", () => ({})],
    ["Sec-Fetch-Site: cross-site", () => ({ "Sec-Fetch-Site": "cross-site" })],
    ["Sec-Fetch-Site: same-site", () => ({ "Sec-Fetch-Site": "same-site" })],
    ["Sec-Fetch-Site: none", () => ({ "Sec-Fetch-Site": "none" })],
    ["another site's Origin", () => ({ Origin: "https://evil.example" })],
    ["the site's Origin, but Sec-Fetch-Site: cross-site", () => ({ Origin: server.url, "Sec-Fetch-Site": "cross-site" })],
    ["Origin: null", () => ({ Origin: "null", "Sec-Fetch-Site": "same-origin" })],
    ["the site's Origin over the other scheme", () => ({ Origin: server.url.replace("http:", "https:") })],
  ])("are refused with the cookie and %s: 403, a page saying so, nothing changed", async (_, headers) => {
    const id = newLead("Owner Refused");
    const refused = await changeStatus(id, headers());
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(refused.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    const page = await refused.text();
    expect(page).toContain("<h1>This form was not sent from our site</h1>");
    expect(page).toContain("Nothing was changed.");
    expect(leadRow(id).status).toBe("new");
    expect(auditOf(id)).toBe(0);
  });

  it("are refused however the owner's address is spelled, and the tap's ping with them", async () => {
    const id = newLead("Owner Spelled");
    for (const pathname of [`/ADMIN/requests/${id}`, `/%61dmin/requests/${id}`]) {
      expect((await changeStatus(id, {}, pathname)).status, pathname).toBe(403);
    }
    const ping = (headers: Record<string, string>) =>
      fetch(`${server.url}/admin/requests/${id}/answered?by=call`, { method: "POST", body: "PING", headers: { "Content-Type": "text/ping", Cookie: cookie, ...headers } });
    expect((await ping({})).status).toBe(403);
    expect((await ping({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect(leadRow(id)).toMatchObject({ status: "new", first_answer_at: null });
    // What Chromium sends with a link's ping from the request page.
    expect((await ping({ Origin: server.url, "Sec-Fetch-Site": "same-origin", "Ping-From": `${server.url}/admin/requests/${id}` })).status).toBe(204);
    expect(leadRow(id).first_answer_by).toBe("call");
  });

  it.each([
    ["the site's Origin", () => ({ Origin: server.url })],
    ["the site's Origin and Sec-Fetch-Site: same-origin", () => ({ Origin: server.url, "Sec-Fetch-Site": "same-origin" })],
    ["Sec-Fetch-Site: same-origin and no Origin", () => ({ "Sec-Fetch-Site": "same-origin" })],
  ])("are taken with %s", async (_, headers) => {
    const id = newLead("Owner Taken");
    const taken = await changeStatus(id, headers());
    expect(taken.status).toBe(303);
    expect(leadRow(id).status).toBe("contacted");
  });
});

describe("a post to a page without a form", () => {
  it.each(["/", "/gallery", "/services", "/privacy", "/sitemap.xml", "/areas/roofers-in-hitchin/no-such-page"])(
    "POST %s answers 405 with Allow: GET, HEAD, and leaves only its access-log line",
    async (pathname) => {
      const from = await settledOutput();
      const response = await post(pathname, { name: "Jane Roofless", email: "jane@example.org" }, { Origin: server.url, "Sec-Fetch-Site": "same-origin" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      const escaped = pathname.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      const output = await outputUntil(from, new RegExp(`^POST ${escaped} 405 \\d+\\.\\dms$`, "m"));
      expect(output.trim().split("\n")).toEqual([expect.stringMatching(/^POST \S+ 405 \d+\.\dms$/)]);
    },
  );

  it("the home page's quote form still posts to /?index", async () => {
    const before = server.rows().length;
    const response = await post("/?index", { name: "Jane Roofless", email: "jane@example.org", phone: "07700 900999", address: "12 Orchard Way", message: "Two slipped tiles." }, { Origin: server.url });
    expect(response.status).toBe(303);
    expect(server.rows().length).toBe(before + 1);
  });
});
