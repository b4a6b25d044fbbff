/**
 * A sent quote follows itself up: day 3 and day 7, each once, held to the opening hours, each
 * with a link of its own that works, stopped by an answer, by the owner turning them off or by a
 * status change. The customer's answers reach the owner through the queue, so a mail server that
 * is down delays them and loses nothing. Real SMTP on loopback; time is a clock the test moves.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { JobRunner } from "~/lib/jobs/jobs.server.ts";
import { LeadStore } from "~/lib/requests/leads.server.ts";
import { mailTransport, type OutgoingMail } from "~/lib/mail/mailer.server.ts";
import { auditOfLead } from "~/lib/db/audit.server.ts";
import { setStatus } from "~/lib/requests/inbox.server.ts";
import { acceptQuote, checkQuoteLink, createQuote, expireDue, followUpsOf, saveDraft, sendQuote, setFollowUps } from "~/lib/quotes/quotes.server.ts";
import { quoteHandlers } from "~/lib/quotes/jobs.server.ts";
import { headersOf, startSmtp } from "../support/smtp.ts";

const site = fileContent.business;

const SITE_URL = "https://www.example.com";
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let dir: string;
let store: LeadStore;
let clock: Date;
let runner: JobRunner;
let closeMail: () => void;

beforeAll(async () => (smtp = await startSmtp()));
afterAll(() => smtp.close());

/** The mail handed to the handlers, as the server hands its own; `mailTo` points it elsewhere. */
const mail = {} as OutgoingMail;

/** Points the outgoing mail at a port: the loopback SMTP server, or one where nothing listens. */
function mailTo(port: number) {
  const transport = mailTransport(`smtp://127.0.0.1:${port}`);
  Object.assign(mail, { transport, from: { name: site.name, address: "office@example.com" }, ownerTo: "office@example.com" });
  closeMail = () => transport.close();
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "follow-ups-"));
  store = new LeadStore(path.join(dir, "leads.sqlite"));
  smtp.messages.length = 0;
  mailTo(smtp.port);
  runner = new JobRunner(store, quoteHandlers(store, () => site, SITE_URL, () => site.openingHours, mail), { now: () => clock, retryBaseMs: 60_000, log: () => {} });
});
afterEach(() => {
  closeMail();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A quote for £1,200 sent at `sentAt` to a customer of its own. */
function sentQuote(sentAt: string, email = "hattie@example.org") {
  clock = new Date(sentAt);
  const lead = store.add({ form: "quote", page: "/", name: "Hattie Jacques", email, phone: "07700 900555", location: "Hitchin", message: "Ridge tiles loose." }, { notify: false, now: clock });
  const quote = createQuote(store, lead.id, { actor: "Owner", now: clock })!;
  saveDraft(store, quote.id, { lines: [{ description: "Re-bed the ridge", quantity: 100, unitPence: 120_000 }], vat: false, validUntil: "2026-12-31", notes: "", guarantees: [], followUps: true });
  const sent = sendQuote(store, quote.id, { actor: "Owner", now: clock });
  if ("refused" in sent) throw new Error(sent.refused);
  return { lead, quote: sent.quote };
}

const followUpMails = () => smtp.messages.filter((mail) => headersOf(mail.raw).get("subject")?.startsWith("A reminder: your quote"));
const at = async (iso: string) => {
  clock = new Date(iso);
  await runner.runDue();
};

describe("follow-ups", () => {
  it("go on day 3 and day 7, once each, each with a working link of its own, and are recorded", async () => {
    // Tuesday 24 November, 10:00: day 3 is Friday 10:00, day 7 the next Tuesday 10:00.
    const { lead, quote } = sentQuote("2026-11-24T10:00:00Z");
    await at("2026-11-27T09:59:00Z");
    expect(followUpMails()).toHaveLength(0);
    await at("2026-11-27T10:00:00Z");
    expect(followUpMails()).toHaveLength(1);
    await at("2026-11-28T10:00:00Z");
    expect(followUpMails()).toHaveLength(1);
    await at("2026-12-01T10:00:00Z");
    expect(followUpMails()).toHaveLength(2);
    await at("2026-12-09T10:00:00Z");
    expect(followUpMails()).toHaveLength(2);

    const [first, second] = followUpMails();
    expect(first!.to).toEqual(["hattie@example.org"]);
    const links = followUpMails().map((mail) => new RegExp(`${SITE_URL}/q/([A-Za-z0-9_-]{43})`).exec(mail.raw.replace(/=\r?\n/g, ""))![1]!);
    expect(new Set(links).size, "each follow-up has a link of its own").toBe(2);
    for (const token of links) {
      const link = checkQuoteLink(store, token, clock);
      expect(link.state === "open" && link.quote.id).toBe(quote.id);
    }
    expect(second!.raw).toContain("Content-Type: application/pdf");
    const history = auditOfLead(store, lead.id).map((entry) => entry.action);
    expect(history.filter((action) => /follow-up/.test(action))).toEqual(["sent the day-7 follow-up of the quote", "sent the day-3 follow-up of the quote"]);
    expect(followUpsOf(store, quote.id).map((entry) => [entry.day, entry.outcome])).toEqual([
      [3, "sent"],
      [7, "sent"],
    ]);
  });

  it("wait for opening time: day 3 of a Wednesday-evening quote goes on Monday at 08:00", async () => {
    sentQuote("2026-11-25T19:00:00Z");
    await at("2026-11-28T19:00:00Z"); // Saturday evening: closed
    await at("2026-11-29T12:00:00Z"); // Sunday: closed
    expect(followUpMails()).toHaveLength(0);
    await at("2026-11-30T08:00:00Z");
    expect(followUpMails()).toHaveLength(1);
  });

  it("stop when the customer accepts", async () => {
    const { quote } = sentQuote("2026-11-24T10:00:00Z");
    clock = new Date("2026-11-25T10:00:00Z");
    expect(acceptQuote(store, quote.id, { name: "Hattie Jacques", address: "192.0.2.1", now: clock })).toBe(true);
    await at("2026-12-02T10:00:00Z");
    expect(followUpMails()).toHaveLength(0);
    expect(followUpsOf(store, quote.id).map((entry) => entry.outcome)).toEqual(["not needed: the quote is accepted", "not needed: the quote is accepted"]);
  });

  it("stop when the owner turns them off, or changes the request's status", async () => {
    const off = sentQuote("2026-11-24T10:00:00Z", "off@example.org");
    const moved = sentQuote("2026-11-24T10:00:00Z", "moved@example.org");
    expect(setFollowUps(store, off.quote.id, false, "Owner")).toBe(true);
    setStatus(store, moved.lead.id, "contacted", "Owner");
    await at("2026-12-02T10:00:00Z");
    expect(followUpMails()).toHaveLength(0);
    expect(followUpsOf(store, off.quote.id)[0]!.outcome).toBe("not sent: follow-ups turned off");
    expect(followUpsOf(store, moved.quote.id)[0]!.outcome).toBe("not needed: the request's status was changed");
  });

  it("end with the quote: once it has expired, nothing more is sent", async () => {
    const { quote } = sentQuote("2026-11-24T10:00:00Z");
    store.db.prepare("UPDATE quotes SET expires_at = ? WHERE id = ?").run("2026-11-26T00:00:00.000Z", quote.id);
    expect(expireDue(store, new Date("2026-11-26T01:00:00Z"))).toBe(1);
    await at("2026-12-02T10:00:00Z");
    expect(followUpMails()).toHaveLength(0);
    expect(followUpsOf(store, quote.id)[0]!.outcome).toBe("not needed: the quote is expired");
  });
});

describe("the customer's answer", () => {
  it("reaches the owner and the customer's copy goes, after the mail server comes back: nothing is lost", async () => {
    const { quote } = sentQuote("2026-11-24T10:00:00Z", "answer@example.org");
    // Nothing listens on port 9: the mail server is down.
    closeMail();
    mailTo(9);
    clock = new Date("2026-11-25T10:00:00Z");
    expect(acceptQuote(store, quote.id, { name: "Hattie Jacques", address: "192.0.2.1", now: clock })).toBe(true);
    await runner.runDue();
    expect(smtp.messages).toHaveLength(0);
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE kind IN ('quote-notice', 'quote-copy') AND done_at IS NULL").get()).toEqual({ n: 2 });

    closeMail();
    mailTo(smtp.port);
    await at("2026-11-25T10:05:00Z");
    const subjects = smtp.messages.map((mail) => headersOf(mail.raw).get("subject"));
    expect(subjects).toEqual(expect.arrayContaining([expect.stringMatching(/^Hattie Jacques ACCEPTED quote Q-2026-\d{4}$/), expect.stringMatching(/^Your accepted quote Q-2026-\d{4} from /)]));
    expect(smtp.messages.find((mail) => mail.to.includes("office@example.com"))!.raw.replace(/=\r?\n/g, "")).toContain(`${SITE_URL}/admin/requests/`);
  });
});
