/**
 * The visitor's acknowledgement over real SMTP, from the real server: the reference, the promise,
 * the emergency number, the hours and the privacy notice, all from the business facts, and
 * nothing the visitor typed; one an hour per address, a cap an hour in all, none for spam.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { acknowledgementHandler } from "~/lib/requests/acknowledge.server.ts";
import { JobRunner } from "~/lib/jobs/jobs.server.ts";
import { queueLeadFollowUps } from "~/lib/requests/follow-ups.server.ts";
import { LeadStore } from "~/lib/requests/leads.server.ts";
import { mailTransport } from "~/lib/mail/mailer.server.ts";
import { setStatus } from "~/lib/requests/inbox.server.ts";
import { CONTACT, postForm, QUOTE, startServer, type RunningServer } from "../support/server.ts";
import { headersOf, letterParts, startSmtp, waitFor } from "../support/smtp.ts";

const site = fileContent.business;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "office@example.com", ACK_HOURLY_CAP: "5", FORM_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

/** The decoded text of a message (quoted-printable undone). */
const textOf = (raw: string) =>
  raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));

const acksTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));
const row = (name: string) => server.rows().find((r) => r.name === name)!;

describe("the reference", () => {
  it("is on the contact page's answer without JavaScript, and in the script's answer", async () => {
    const page = await postForm(server, "/contact", { ...CONTACT, name: "Ref Without Script", email: "ref1@example.org" });
    expect(page.status).toBe(200);
    const reference = `K-${1000 + Number(row("Ref Without Script").id)}`;
    expect(await page.text()).toMatch(new RegExp(`Thank you! Your message has been sent\\. We&#x27;ll contact you soon\\.(<!-- -->)? <span[^>]*>Your reference: <strong[^>]*>${reference}</strong>`));
    const api = await postForm(server, "/api/contact", { ...CONTACT, name: "Ref With Script", email: "ref2@example.org" });
    expect(await api.json()).toEqual({ ok: true, reference: `K-${1000 + Number(row("Ref With Script").id)}` });
  });

  it("is shown only when well formed: anything else in ?sent= gets the page as prerendered", async () => {
    const forged = await (await fetch(`${server.url}/?sent=<script>`)).text();
    expect(forged).not.toContain("Your reference");
    const prerendered = await (await fetch(`${server.url}/`)).text();
    expect(forged).toBe(prerendered);
  });
});

describe("the acknowledgement", () => {
  it("carries the reference, the promise, the emergency number, the hours and the privacy notice, and nothing the visitor typed", async () => {
    const visitor = { ...QUOTE, name: "Zebedee Quill", email: "zebedee@example.org", message: "Moss on the north slope, please quote to clear it", address: "7 Larkspur Lane, Hitchin" };
    const response = await postForm(server, "/?index", visitor);
    const reference = /sent=(K-\d+)/.exec(response.headers.get("location")!)![1]!;
    const [mail] = await waitFor(() => (acksTo(visitor.email).length ? acksTo(visitor.email) : undefined));
    const headers = headersOf(mail!.raw);
    const text = textOf(mail!.raw);

    expect(mail!.to).toEqual([visitor.email]);
    expect(headers.get("reply-to")).toBe(site.email);
    expect(text).toContain(`Your reference: ${reference}`);
    expect(text).toContain(site.claims.quoteReply);
    expect(text).toContain(site.phone.display);
    // SITE_URL is not set for the test server: the default origin.
    expect(text).toContain("https://www.example.com/privacy");
    for (const row of site.openingHours) expect(text).toContain(row.label);
    // A letter: plain text beside HTML in British English, whose button calls the business.
    const { html } = letterParts(mail!.raw);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toMatch(new RegExp(`<a href="tel:\\${site.phone.e164}"[^>]*>Call ${site.phone.display}</a>`));
    expect(html).not.toContain("Dear");
    for (const typed of ["Zebedee", "Quill", "Moss", "Larkspur", "Hitchin", QUOTE.phone]) {
      expect(mail!.raw, `the e-mail must not carry "${typed}"`).not.toContain(typed);
    }

    await waitFor(() => (row("Zebedee Quill").ack === "sent" ? true : undefined));
    expect(Date.parse(String(row("Zebedee Quill").ack_at))).toBeGreaterThan(Date.now() - 60_000);
  });

  it("goes to one address at most once an hour", async () => {
    for (const name of ["Repeat One", "Repeat Two"]) await postForm(server, "/api/contact", { ...CONTACT, name, email: "repeat@example.org" });
    await waitFor(() => (row("Repeat One").ack === "sent" ? true : undefined));
    expect(row("Repeat Two").ack).toBe("held-address");
    // The owner still gets both requests.
    await waitFor(() => (smtp.messages.filter((mail) => mail.to.includes("office@example.com") && /Repeat (One|Two)/.test(mail.raw)).length === 2 ? true : undefined));
    expect(acksTo("repeat@example.org")).toHaveLength(1);
  });

  it("stops at the hourly cap for the whole site, and says so on the request", async () => {
    // Four sent above (two references, one acknowledgement, one repeat); the cap is five.
    for (const name of ["Capped A", "Capped B"]) await postForm(server, "/api/contact", { ...CONTACT, name, email: `${name.replace(" ", ".").toLowerCase()}@example.org` });
    await waitFor(() => (row("Capped A").ack === "sent" ? true : undefined));
    expect(row("Capped B").ack).toBe("held-hourly");
    expect(acksTo("capped.b@example.org")).toHaveLength(0);
  });

  it("is never sent for a request caught by the spam trap", async () => {
    await postForm(server, "/?index", { ...QUOTE, email: "trap@example.org", website: "http://spam.example" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(acksTo("trap@example.org")).toHaveLength(0);
    expect(smtp.messages.filter((mail) => mail.raw.includes("trap@example.org"))).toHaveLength(0);
  });
});

describe("a request marked Spam before its acknowledgement goes", () => {
  it("gets none, and the request says why", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ack-"));
    const store = new LeadStore(path.join(dir, "leads.sqlite"));
    const transport = mailTransport(`smtp://127.0.0.1:${smtp.port}`);
    const mail = { transport, from: { name: site.name, address: "office@example.com" }, ownerTo: "office@example.com" };
    try {
      const lead = store.inTransaction(() =>
        store.add({ ...QUOTE, form: "quote", page: "/", location: "", email: "spammy@example.org" }, { notify: false, alongside: (r) => queueLeadFollowUps(store.db, r, site.openingHours, { mail: true, hourlyCap: 30 }) }),
      );
      expect(lead.ack).toBe("queued");
      setStatus(store, lead.id, "spam", "Phone");
      await new JobRunner(store, acknowledgementHandler(store, () => site, "https://www.example.com", mail)).runDue();
      expect(acksTo("spammy@example.org")).toHaveLength(0);
      expect(store.db.prepare("SELECT ack FROM leads WHERE id = ?").get(lead.id)).toEqual({ ack: "spam" });
    } finally {
      transport.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
