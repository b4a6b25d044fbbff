/**
 * Issue 33 §1 on the real server: what a stranger sends is refused in the server's own words and
 * leaves one access-log line, never a secret or a stack trace.
 *
 * - A path whose %-escape cannot be decoded is answered 400 before React Router, which would log
 *   the path whole, a private link's token with it.
 * - A public form posted from another site is answered 403 by the origin rule of the owner's
 *   forms, widened to the public ones, where React Router would answer 400 and log a trace.
 * - A body sent without a length is refused at the size limit with the same 413 as one whose
 *   length says so, and the client reads that answer before the connection closes.
 */
import { existsSync, readdirSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerPagePath, customerPageToken } from "../../app/lib/links/page-links.server.ts";
import { calendarFeedPath, calendarFeedToken } from "../../app/lib/visits/feed.server.ts";
import { createInvite, invitePath } from "../../app/lib/owner/invites.server.ts";
import { createQuote, quotePath, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { requestReview, reviewPath } from "../../app/lib/reviews/reviews.server.ts";
import { withStore } from "../support/owner.ts";
import { CONTACT, QUOTE, startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
const start = () => startServer({ FORM_RATE_LIMIT: "1000" });

beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.stop();
});

/** The server's output from `from` on, once a line matching `line` is in it (lines are written a turn late). */
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

/** The lines logged from `from` on, up to the next marker (which is left out). */
async function linesSince(from: number): Promise<string[]> {
  const end = await settledOutput();
  return server.output().slice(from, end).trim().split("\n").filter((line) => !/^GET \/marker-\d+ 404 /.test(line));
}

/** A request of one customer and a sent quote for it: the tokens of the quote's link and the customer's page. */
function customerLinks(): { quote: string; page: string; review: string } {
  return withStore(server.dataDir, (store) => {
    const lead = store.add({ form: "quote", page: "/", name: "Linked Customer", email: "linked@example.org", phone: "07700 900444", location: "4 Church Lane, Hitchin", message: "Moss in the valley." }, { notify: false });
    const quote = createQuote(store, lead.id, { actor: "Test" })!;
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
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    const review = requestReview(store, lead.id, { actor: "Test" })!.token;
    return { quote: sent.token, page: customerPageToken(store, lead.id)!, review };
  });
}

describe("a path whose %-escape cannot be decoded", () => {
  it("is answered 400 with a plain page, and no line of the log holds a private link's token", async () => {
    const links = customerLinks();
    const invite = withStore(server.dataDir, (store) => createInvite(store, { name: "New phone" }).token);
    const calendar = withStore(server.dataDir, (store) => calendarFeedToken(store));
    const tokens = [invite, links.page, links.quote, links.review, calendar];
    for (const token of tokens) expect(token).toMatch(/^[\w-]{43}$/);

    const from = await settledOutput();
    const malformed: [string, string][] = [
      ["GET", `${invitePath(invite)}%FF`],
      ["GET", `${customerPagePath(links.page)}/%FF`],
      ["GET", `${quotePath(links.quote)}/%FF`],
      ["GET", `${reviewPath(links.review)}/%FF`],
      ["GET", calendarFeedPath(calendar).replace(/\.ics$/, "%FF.ics")],
      // Other spellings of the same links, and a post, which the server reads before the app.
      ["GET", `/Q/${links.quote}/pdf%E0%A4%A`],
      ["GET", `${customerPagePath(links.page)}/quotes/1/pdf%C0%AF`],
      ["HEAD", `/review/${links.review}%`],
      ["POST", `${quotePath(links.quote)}/%FF`],
      ["POST", `${invitePath(invite)}%FF`],
      ["GET", "/%FF"],
    ];
    for (const [method, pathname] of malformed) {
      const response = await fetch(`${server.url}${pathname}`, { method, headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin" }, ...(method === "POST" ? { body: new URLSearchParams({ intent: "accept" }) } : {}) });
      expect(response.status, pathname).toBe(400);
      expect(response.headers.get("content-type"), pathname).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-security-policy"), pathname).toMatch(/default-src 'self'/);
      expect(response.headers.get("referrer-policy"), pathname).toBe("no-referrer");
      expect(response.headers.get("cache-control"), pathname).toBe("no-store");
      if (method === "HEAD") continue;
      const page = await response.text();
      expect(page, pathname).toContain("<h1>This address cannot be read</h1>");
      expect(page, pathname).toContain('<a href="/">Return to Home</a>');
      for (const token of tokens) expect(page).not.toContain(token);
    }

    // One access-log line each, the token written [token] as for any other visit.
    expect(await linesSince(from)).toEqual([
      expect.stringMatching(/^GET \/admin\/invite\/\[token\] 400 \d+\.\dms$/),
      expect.stringMatching(/^GET \/c\/\[token\]\/%FF 400 \d+\.\dms$/),
      expect.stringMatching(/^GET \/q\/\[token\]\/%FF 400 \d+\.\dms$/),
      expect.stringMatching(/^GET \/review\/\[token\]\/%FF 400 \d+\.\dms$/),
      expect.stringMatching(/^GET \/calendar\/\[token\] 400 \d+\.\dms$/),
      expect.stringMatching(/^GET \/Q\/\[token\]\/pdf%E0%A4%A 400 \d+\.\dms$/),
      expect.stringMatching(/^GET \/c\/\[token\]\/quotes\/1\/pdf%C0%AF 400 \d+\.\dms$/),
      expect.stringMatching(/^HEAD \/review\/\[token\] 400 \d+\.\dms$/),
      expect.stringMatching(/^POST \/q\/\[token\]\/%FF 400 \d+\.\dms$/),
      expect.stringMatching(/^POST \/admin\/invite\/\[token\] 400 \d+\.\dms$/),
      expect.stringMatching(/^GET \/%FF 400 \d+\.\dms$/),
    ]);

    // Everything the server wrote, to its very end: no token, and React Router never saw the paths.
    try {
      expect(await server.stop()).toBe(0);
      const output = server.output();
      expect(output).not.toContain("could not be decoded");
      for (const token of tokens) expect(output).not.toContain(token);
    } finally {
      server = await start();
    }
  });
});

describe("a public form posted from another site", () => {
  const fromSite = () => ({ Origin: server.url, "Sec-Fetch-Site": "same-origin" });
  /** The public forms that take a post: the contact form, the quote form of the home page and of a service page, and the contact page script's endpoint. */
  const forms: [string, (headers: Record<string, string>) => Promise<Response>][] = [
    ["/contact", (headers) => post("/contact", new URLSearchParams(CONTACT), headers)],
    ["/?index", (headers) => post("/?index", quoteForm(), headers)],
    ["/roof-repairs-in-stevenage", (headers) => post("/roof-repairs-in-stevenage", quoteForm(), headers)],
    ["/api/contact", (headers) => post("/api/contact", new URLSearchParams(CONTACT), headers)],
  ];
  const foreign: [string, () => Record<string, string>][] = [
    ["another site's Origin", () => ({ Origin: "http://evil.example" })],
    ["another site's Origin, same-origin claimed", () => ({ Origin: "http://evil.example", "Sec-Fetch-Site": "same-origin" })],
    ["the site's host over the other scheme", () => ({ Origin: server.url.replace("http:", "https:") })],
    ["an Origin that is no origin", () => ({ Origin: "null" })],
    ["no Origin, but cross-site", () => ({ "Sec-Fetch-Site": "cross-site" })],
  ];

  it("is answered 403 with a plain page twenty times, each leaving one log line and no trace, and nothing is stored", async () => {
    const before = server.rows().length;
    const from = await settledOutput();
    for (const [pathname, send] of forms) {
      for (const [what, headers] of foreign) {
        const response = await send(headers());
        expect(response.status, `${pathname} with ${what}`).toBe(403);
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(response.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
        const page = await response.text();
        expect(page).toContain("<h1>This form was not sent from our site</h1>");
        expect(page).toContain("Nothing was changed.");
        expect(page).toContain('<a href="/">Return to Home</a>');
      }
    }
    const lines = await linesSince(from);
    expect(lines).toHaveLength(forms.length * foreign.length);
    // The access log leaves the query string out: the home page's form is `POST /`.
    for (const line of lines) expect(line).toMatch(/^POST \/(contact|roof-repairs-in-stevenage|api\/contact)? 403 \d+\.\dms$/);
    expect(server.rows().length).toBe(before);
  });

  it("is still taken from the site's own pages, and from a client that says nothing of where it posts from", async () => {
    const before = server.rows().length;
    for (const [pathname, send] of forms) {
      for (const headers of [fromSite(), {}]) {
        const response = await send(headers);
        // The contact form answers with its page (sent, and on to the chat); the quote forms go on to their page's answer.
        expect(response.status, pathname).toBe(pathname.includes("contact") ? 200 : 303);
      }
    }
    expect(server.rows().length).toBe(before + forms.length * 2);
  });
});

/** A form post with these headers and no others: fetch adds no Origin of its own. */
function post(pathname: string, body: URLSearchParams | FormData, headers: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, { method: "POST", body, headers, redirect: "manual" });
}

/** The quote form as a browser sends it with no photo chosen: multipart, with an empty file part. */
function quoteForm(): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(QUOTE)) form.append(name, value);
  form.append("photos", new Blob([], { type: "application/octet-stream" }), "");
  return form;
}

interface Answer {
  status: number;
  type: string;
  body: string;
  /** The bytes sent before the answer came. */
  sent: number;
}

/**
 * Posts `chunks` with no Content-Length (Transfer-Encoding: chunked), as fast as the connection
 * takes them, until the server answers; resolves with that answer, rejects if none came.
 */
function postChunked(pathname: string, headers: Record<string, string>, chunks: Iterator<Buffer>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    let sent = 0;
    const req = request(`${server.url}${pathname}`, { method: "POST", headers: { Origin: server.url, ...headers } }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (text: string) => (body += text));
      res.on("end", () => {
        resolve({ status: res.statusCode!, type: String(res.headers["content-type"]), body, sent });
        req.destroy();
      });
      res.on("error", reject);
    });
    req.on("error", (error) => {
      if (!answered) reject(new Error(`The connection was dropped without an answer after ${sent} bytes: ${error.message}`));
    });
    const pump = () => {
      while (!answered && !req.destroyed) {
        const next = chunks.next();
        if (next.done) return void req.end();
        sent += next.value.length;
        if (!req.write(next.value)) return void req.once("drain", pump);
      }
    };
    pump();
  });
}

function* bytes(total: number, fill: string, size = 64 * 1024): Generator<Buffer> {
  const chunk = Buffer.alloc(size, fill);
  for (let left = total; left > 0; left -= size) yield left >= size ? chunk : chunk.subarray(0, left);
}

/** A quote form with one photo of `photoBytes`, framed as a browser frames it. */
function* multipartQuote(boundary: string, photoBytes: number): Generator<Buffer> {
  const fields = Object.entries(QUOTE).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  yield Buffer.from(`${fields.join("")}--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="roof.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  yield* bytes(photoBytes, "\xff");
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

/** Chunks for ever: a body that never ends. */
function* endless(): Generator<Buffer> {
  for (;;) yield* bytes(1024 * 1024, "a");
}

/** The files waiting in the photos' scratch folder. */
const incoming = () => {
  const dir = path.join(server.dataDir, "photos", "incoming");
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe("a body sent without its length", () => {
  const URLENCODED = { "Content-Type": "application/x-www-form-urlencoded" };

  it("over the form's 32 KB (200 KB to /contact) is answered 413 as when its length says so, and the answer arrives", async () => {
    const declared = await fetch(`${server.url}/contact`, { method: "POST", body: `message=${"a".repeat(200 * 1024)}`, headers: { ...URLENCODED, Origin: server.url } });
    expect(declared.status).toBe(413);
    const declaredBody = await declared.text();

    const before = server.rows().length;
    const from = await settledOutput();
    const chunked = await postChunked("/contact", URLENCODED, bytes(200 * 1024, "a", 16 * 1024));
    expect(chunked).toMatchObject({ status: 413, type: declared.headers.get("content-type")!, body: declaredBody });
    expect(await linesSince(from)).toEqual([expect.stringMatching(/^POST \/contact 413 \d+\.\dms$/)]);
    expect(server.rows().length).toBe(before);
  });

  it("that never ends is answered 413 all the same, once the limit is passed", async () => {
    const answer = await postChunked("/contact", URLENCODED, endless());
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("Request body too large");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("with photos over 55 MB (56 MB to a quote form) is answered 413 with the photos' page, and nothing is kept", async () => {
    const boundary = "----kestrel-chunked";
    const before = server.rows().length;
    const from = await settledOutput();
    const answer = await postChunked("/?index", { "Content-Type": `multipart/form-data; boundary=${boundary}` }, multipartQuote(boundary, 56 * 1024 * 1024));
    expect(answer.status).toBe(413);
    expect(answer.type).toBe("text/html; charset=utf-8");
    expect(answer.body).toContain("<h1>Your photos are too large to send</h1>");
    expect(answer.body).toContain("Each photo must be 10 MB or smaller, and you can send at most 5.");
    expect(await linesSince(from)).toEqual([expect.stringMatching(/^POST \/ 413 \d+\.\dms$/)]);
    expect(server.rows().length).toBe(before);
    const deadline = Date.now() + 5000;
    while (incoming().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(incoming()).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
