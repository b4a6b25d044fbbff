/**
 * A request goes from the form to the database to the business's inbox: the real server, a real
 * SQLite file and a real SMTP server on loopback.
 */
import { spawnSync } from "node:child_process";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT, freePort, postForm, QUOTE, ROOT, startServer, type RunningServer } from "../support/server.ts";
import { headersOf, letterParts, startSmtp, waitFor } from "../support/smtp.ts";

const NOTICE = "Thank you! We&#x27;ll get back to you within 24 hours.";

/**
 * A stored request is answered with a redirect to the page at ?sent={reference}#quote-sent, where
 * the notice shows with the request's reference; a request that was not stored gets no reference.
 */
async function expectSent(server: RunningServer, response: Response, page: string, stored = true) {
  expect(response.status).toBe(303);
  const location = response.headers.get("location")!;
  if (!stored) return expect(location).toBe(`${page}#quote-sent`);
  expect(location).toMatch(new RegExp(`^${page.replace(/[?]/g, "\\?")}\\?sent=K-\\d{4,}&book=[\\w-]{43}#quote-sent$`));
  const reference = /sent=(K-\d+)/.exec(location)![1]!;
  const html = await (await fetch(`${server.url}${location.split("#")[0]}`)).text();
  expect(html).toMatch(new RegExp(`<p id="quote-sent"[^>]*>${NOTICE}(<!-- -->)? <span[^>]*>Your reference: <strong[^>]*>${reference}</strong>`));
  return reference;
}

describe("with e-mail set up", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: RunningServer;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "office@example.com" });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  it("stores a home-page quote request, shows the notice, then e-mails the business", async () => {
    const response = await postForm(server, "/?index", QUOTE);
    const reference = await expectSent(server, response, "/");

    const row = server.rows().find((r) => r.name === QUOTE.name);
    expect(reference).toBe(`K-${1000 + Number(row!.id)}`);
    expect(row).toMatchObject({ form: "quote", page: "/", email: QUOTE.email, phone: QUOTE.phone, location: QUOTE.address, message: QUOTE.message });

    const mail = await waitFor(() => smtp.messages.find((m) => m.raw.includes(QUOTE.message)));
    const headers = headersOf(mail.raw);
    expect(headers.get("subject")).toBe(`New quote request ${reference} from ${QUOTE.name}`);
    expect(headers.get("reply-to")).toContain(QUOTE.email);
    expect(mail.to).toEqual(["office@example.com"]);
    // Plain text and HTML, the same words; a button opens the request on the site (SITE_URL's default here).
    const { text, html } = letterParts(mail.raw);
    for (const value of [QUOTE.phone, QUOTE.address, QUOTE.message, "came in from the Home page on"]) expect(text).toContain(value);
    expect(text, "the time in words, UK time").toMatch(/ on (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}\./);
    const button = `Open ${reference}, ${QUOTE.name}`;
    expect(text).toContain(`${button}: https://www.example.com/admin/requests/${row!.id}`);
    expect(html).toContain(`<a href="https://www.example.com/admin/requests/${row!.id}"`);
    expect(html).toContain(`>${button}</a>`);
    await waitFor(() => server.rows().find((r) => r.name === QUOTE.name && r.delivery === "sent"));
  });

  it("stores requests from both paths of a Stevenage service page under the path used", async () => {
    for (const page of ["/guttering-fascias-in-stevenage", "/services/roof-maintenance"]) {
      const name = `Page ${page.length} Tester`;
      const response = await postForm(server, page, { ...QUOTE, name });
      await expectSent(server, response, page);
      expect(server.rows().find((r) => r.name === name)?.page).toBe(page);
    }
  });

  it("cannot be made to add mail headers through a field", async () => {
    const name = "Eve\r\nBcc: victim@example.net";
    const response = await postForm(server, "/?index", { ...QUOTE, name, email: "eve@example.org" });
    expect(response.status).toBe(303);
    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes("office@example.com") && m.raw.includes("eve@example.org")));
    const headers = headersOf(mail.raw);
    expect(headers.has("bcc")).toBe(false);
    expect(headers.get("subject")).toMatch(/^New quote request K-\d+ from Eve Bcc: victim@example\.net$/);
    expect(mail.to).toEqual(["office@example.com"]);
  });

  it("records a contact request sent by the page's script, and e-mails it", async () => {
    const response = await postForm(server, "/api/contact", CONTACT);
    expect(response.status).toBe(200);
    const row = () => server.rows().find((r) => r.name === CONTACT.name);
    expect(await response.json()).toEqual({ ok: true, reference: `K-${1000 + Number(row()!.id)}` });
    expect(row()).toMatchObject({ form: "contact", page: "/contact", location: CONTACT.postcode });
    const mail = await waitFor(() => smtp.messages.find((m) => m.raw.includes(CONTACT.message)));
    expect(headersOf(mail.raw).get("subject")).toBe(`New contact request K-${1000 + Number(row()!.id)} from ${CONTACT.name}`);
  });
});

describe("without JavaScript, the contact page", () => {
  let server: RunningServer;
  beforeAll(async () => (server = await startServer()));
  afterAll(() => server.stop());

  it("sends a valid request on to the chat app once it is stored", async () => {
    const name = "Nojs Visitor";
    const response = await postForm(server, "/contact", { ...CONTACT, name: `  ${name}  ` });
    expect(response.status).toBe(200);
    const html = await response.text();
    const refresh = html.match(/<meta http-equiv="refresh" content="0; url=([^"]+)"/)?.[1];
    expect(refresh).toBeDefined();
    const location = new URL(refresh!.replace(/&amp;/g, "&"));
    expect(location.origin + location.pathname).toBe("https://wa.me/447700900123");
    expect(location.searchParams.get("text")).toContain(`Name: ${name}\n`);
    expect(html).toContain("Thank you! Your message has been sent. We&#x27;ll contact you soon.");
    expect(server.rows().find((r) => r.name === name)).toMatchObject({ form: "contact", delivery: "none" });
  });

  it("answers an invalid request with the messages under the fields and the values kept", async () => {
    const before = server.rows().length;
    const response = await postForm(server, "/contact", { ...CONTACT, email: "nope", message: "short" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Invalid email address");
    expect(html).toContain("Message must be at least 10 characters");
    expect(html).toContain('value="nope"');
    expect(html).toMatch(/id="contact-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="contact-email"/);
    expect(server.rows().length).toBe(before);
  });
});

describe("bad input and abuse", () => {
  let server: RunningServer;
  beforeAll(async () => (server = await startServer({ FORM_RATE_LIMIT: "1000" })));
  afterAll(() => server.stop());

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const before = server.rows().length;
    const response = await postForm(server, "/?index", { ...QUOTE, website: "http://spam.example" });
    await expectSent(server, response, "/", false);
    const api = await postForm(server, "/api/contact", { ...CONTACT, website: "x" });
    expect(await api.json()).toEqual({ ok: true });
    expect(server.rows().length).toBe(before);
  });

  it("rejects a body over 32 KB with 413", async () => {
    const response = await postForm(server, "/?index", { ...QUOTE, message: "x".repeat(40_000) });
    expect(response.status).toBe(413);
  });

  it("rejects content that is not a form with 415", async () => {
    for (const type of ["application/json", "text/plain", "application/xml"]) {
      const response = await fetch(`${server.url}/?index`, { method: "POST", body: JSON.stringify(QUOTE), headers: { "Content-Type": type, Origin: server.url } });
      expect(response.status, type).toBe(415);
    }
  });

  it("never answers 5xx nor stores anything invalid, whatever is sent", async () => {
    const before = server.rows().length;
    const bodies: [string, BodyInit, Record<string, string>][] = [
      ["/?index", "", { "Content-Type": "application/x-www-form-urlencoded" }],
      ["/?index", "%%%&&&===", { "Content-Type": "application/x-www-form-urlencoded" }],
      ["/?index", new URLSearchParams({ ...QUOTE, name: "x".repeat(101) }), {}],
      ["/?index", new URLSearchParams({ ...QUOTE, email: "not-an-email" }), {}],
      ["/?index", new URLSearchParams({ ...QUOTE, phone: "<script>" }), {}],
      ["/?index", "--x\r\nbroken multipart", { "Content-Type": "multipart/form-data; boundary=x" }],
      ["/contact", new URLSearchParams({ name: "\u0000\u0000" }), {}],
      ["/api/contact", new URLSearchParams({ ...CONTACT, postcode: "A".repeat(11) }), {}],
      // A town page carries the quote form (decision 16): a bad request there is refused too.
      ["/areas/roofers-in-watford/", new URLSearchParams({ ...QUOTE, email: "not-an-email" }), {}],
      ["/gallery", new URLSearchParams(QUOTE), {}],
      ["/no-such-page", new URLSearchParams(QUOTE), {}],
      ["/services", new URLSearchParams(QUOTE), {}],
    ];
    for (const [target, body, headers] of bodies) {
      const response = await fetch(`${server.url}${target}`, { method: "POST", body, headers: { Origin: server.url, ...headers }, redirect: "manual" });
      expect(response.status, `${target} ${String(body).slice(0, 30)}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${target} ${String(body).slice(0, 30)}`).toBeLessThan(500);
    }
    expect(server.rows().length).toBe(before);
  });

  it("rejects a post from another site", async () => {
    const before = server.rows().length;
    const response = await postForm(server, "/?index", QUOTE, { Origin: "https://evil.example" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(server.rows().length).toBe(before);
  });

  it("keeps what the visitor typed and says to call when the request cannot be stored", async () => {
    const db = new DatabaseSync(path.join(server.dataDir, "leads.sqlite"));
    db.exec("CREATE TRIGGER refuse BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'disk full'); END;");
    try {
      const response = await postForm(server, "/?index", QUOTE);
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Something went wrong. Please try calling us directly");
      // The thank-you notice stays hidden: it shows only at #quote-sent, where a stored request goes.
      expect(html).toMatch(/<p id="quote-sent"[^>]*class="hidden /);
      expect(html).toContain(QUOTE.message);
      expect(html).toContain(`value="${QUOTE.email}"`);
    } finally {
      db.exec("DROP TRIGGER refuse");
      db.close();
    }
  });
});

describe("behind a TLS proxy", () => {
  it("accepts a post from the https page when the proxy says the visitor used https", async () => {
    const server = await startServer({ TRUST_PROXY: "1" });
    try {
      const httpsOrigin = server.url.replace("http:", "https:");
      const proxied = await postForm(server, "/?index", QUOTE, { Origin: httpsOrigin, "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" });
      expect(proxied.status).toBe(303);
      const unproxied = await postForm(server, "/?index", QUOTE, { Origin: httpsOrigin });
      expect(unproxied.status).toBe(403);
      expect(server.rows()).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  it("ignores X-Forwarded-Proto when no proxy is trusted", async () => {
    const server = await startServer();
    try {
      const response = await postForm(server, "/?index", QUOTE, { Origin: server.url.replace("http:", "https:"), "X-Forwarded-Proto": "https" });
      expect(response.status).toBe(403);
      expect(server.rows()).toHaveLength(0);
    } finally {
      await server.stop();
    }
  });
});

describe("the rate limit", () => {
  let server: RunningServer;
  beforeAll(async () => (server = await startServer({ FORM_RATE_LIMIT: "3" })));
  afterAll(() => server.stop());

  it("answers 429 past the limit, and pages are still served", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await postForm(server, "/?index", { ...QUOTE, name: `Rate ${i}` })).status);
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    const limited = await postForm(server, "/?index", QUOTE);
    expect(await limited.text()).toContain("Something went wrong. Please try calling us directly.");
    expect(server.rows().length).toBe(3);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});

describe("when the mail server is down", () => {
  it("keeps the request as unsent, shows it in npm run leads, and sends it once the mail server is back", async () => {
    const smtpPort = await freePort();
    const server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LEADS_NOTIFY_TO: "office@example.com",
      LEADS_RETRY_BASE_MS: "200",
    });
    try {
      const response = await postForm(server, "/?index", QUOTE);
      expect(response.status).toBe(303);
      await waitFor(() => server.rows().find((r) => Number(r.attempts) >= 1 && r.delivery === "pending"));

      const listing = spawnSync(process.execPath, ["scripts/leads.ts"], { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: "utf8" });
      expect(listing.stdout).toContain("UNSENT e-mail");
      expect(listing.stdout).toContain(QUOTE.name);

      const smtp = await startSmtp(smtpPort);
      try {
        await waitFor(() => smtp.messages.find((m) => m.raw.includes(QUOTE.message)), 20_000);
        await waitFor(() => server.rows().find((r) => r.delivery === "sent"));
      } finally {
        await smtp.close();
      }
    } finally {
      await server.stop();
    }
  });
});

describe("a crash right after the answer", () => {
  it("loses nothing: the request is there when the server starts again", async () => {
    const first = await startServer();
    const name = "Crash Survivor";
    const response = await postForm(first, "/?index", { ...QUOTE, name });
    expect(response.status).toBe(303);
    first.process.kill("SIGKILL");
    await first.stop();
    const second = await startServer({}, first.dataDir);
    try {
      expect(second.rows().filter((r) => r.name === name)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
