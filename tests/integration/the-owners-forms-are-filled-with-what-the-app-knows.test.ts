/**
 * Issue 35 §3 through the real server, real SMTP and the forms as the pages render them. Book a
 * visit opens on the kind the request's stage calls for and the next working day with nothing
 * booked; Schedule job books How many days, one a working day, Sunday skipped, with ONE e-mail
 * whose calendar file holds each day under its own UID, applied once for its key. Record payment
 * opens on what is still due and the method last used, and Paid in full records it all in one
 * post, once. Create invoice steps aside while a deposit draft waits. The send page asks for the
 * missing bank details itself; saving them publishes them alone (no page rendered, a waiting draft
 * kept and given them too) and brings back the same question, whose Yes sends the invoice.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { createInvoice, saveInvoiceDraft, sendInvoice } from "~/lib/invoices/invoices.server.ts";
import { pricedLines } from "~/lib/invoices/money.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "~/lib/quotes/quotes.server.ts";
import { addDays, ukToday, weekdayOf } from "~/lib/time/uk-time.ts";
import { defaultDay } from "~/lib/visits/defaults.ts";
import { SELLER } from "../support/invoices.ts";
import { serverWithOwnerAndMail, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import type { RunningServer } from "../support/server.ts";
import { allParts, mimeOf, subjectOf, waitFor } from "../support/smtp.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;

beforeAll(async () => ({ smtp, server, cookie, stop } = await serverWithOwnerAndMail()), 60_000);
afterAll(() => stop());

const post = (where: string, fields: [string, string][] | Record<string, string>) =>
  fetch(`${server.url}${where}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
const page = async (where: string) => (await (await fetch(`${server.url}${where}`, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const fieldOf = (fields: [string, string][], name: string) => fields.find(([one]) => one === name)?.[1];
const count = (sql: string, ...values: (string | number)[]) => withStore(server.dataDir, (store) => (store.db.prepare(sql).get(...values) as { n: number }).n);

function request(name: string, email: string, status = "new"): number {
  return withStore(server.dataDir, (store) => {
    const id = store.add({ form: "quote", page: "/", name, email, phone: "07700 900456", location: "12 Bancroft, Hitchin SG5 1JW", message: "Slipped tiles." }, { notify: false }).id;
    store.db.prepare("UPDATE leads SET status = ? WHERE id = ?").run(status, id);
    return id;
  });
}

/** An invoice of £1,200.00 + VAT to `email` (a deposit), a draft or sent; its id. */
function invoiceTo(leadId: number, email: string, send: boolean): number {
  return withStore(server.dataDir, (store) => {
    const draft = createInvoice(store, { leadId, kind: "blank", vat: true, termsDays: 14, actor: "Test" });
    if (typeof draft === "string") throw new Error(draft);
    saveInvoiceDraft(store, draft.id, { lines: pricedLines([{ description: "Ridge re-bedded", quantity: 100, unitPence: 120000 }], true), dueOn: draft.dueOn, note: "" });
    store.db.prepare("UPDATE invoices SET kind = 'deposit' WHERE id = ?").run(draft.id);
    if (send) {
      const sent = sendInvoice(store, draft.id, { seller: SELLER, customer: { name: "Jane Smith", address: "1 High St, Hitchin", email }, actor: "Test" });
      if (typeof sent === "string") throw new Error(sent);
    }
    return draft.id;
  });
}

const calendarOf = (raw: string) => allParts(mimeOf(raw)).find((part) => part.type === "text/calendar")!.text.replace(/\r\n /g, "");

describe("Book a visit and Schedule job", () => {
  it("opens Book a visit on a Survey the next working day with nothing booked, 2 hours from opening", async () => {
    const id = request("Nell New", "nell@example.org");
    const fields = formFields(await page(`/admin/requests/${id}/visits/new`), "Book visit");
    const expected = defaultDay("survey", { hours: fileContent.business.openingHours }, new Set(), new Date());
    expect(fieldOf(fields, "kind")).toBe("survey");
    expect([fieldOf(fields, "date"), fieldOf(fields, "from"), fieldOf(fields, "to")]).toEqual([expected.date, expected.from, expected.to]);
    expect(weekdayOf(expected.date)).not.toBe("Sunday");
    // Booked as it opened: the next request's form moves on to the next free working day.
    expect((await post(`/admin/requests/${id}/visits/new`, fields)).status).toBe(303);
    const next = formFields(await page(`/admin/requests/${request("Ned Next", "ned@example.org")}/visits/new`), "Book visit");
    expect(fieldOf(next, "date")).toBe(defaultDay("survey", { hours: fileContent.business.openingHours }, new Set([expected.date]), new Date()).date);
  });

  it("refuses a How many days out of 1 to 10 at its field, keeping what was typed, and books nothing", async () => {
    const id = request("Rita Refused", "rita@example.org", "won");
    const fields = formFields(await page(`/admin/requests/${id}/visits/new?kind=job-day`), "Book job days");
    const refused = await post(`/admin/requests/${id}/visits/new`, typeInto(fields, { "how-many": "11" }));
    expect(refused.status).toBe(400);
    const html = await textOf(refused);
    expect(html).toContain('<p id="visit-how-many-error" class="field-error">Enter how many days the job takes, from 1 to 10.</p>');
    expect(html).toMatch(/name="how-many"[^>]*value="11"/);
    expect(count("SELECT COUNT(*) AS n FROM visits WHERE lead_id = ?", id)).toBe(0);
  });

  it("books How many days, one a working day over the closed Sunday, in one e-mail holding each day, once for its key", async () => {
    const id = request("Wendy Won", "wendy@example.org", "won");
    const path = `/admin/requests/${id}/visits/new`;
    const form = formFields(await page(`${path}?kind=job-day`), "Book job days");
    expect(fieldOf(form, "intent")).toBe("schedule-job");
    // The whole working day of the first free one.
    expect(fieldOf(form, "from")).toMatch(/^0[89]:00$/);
    // A Saturday three weeks or so ahead: Saturday, then Monday and Tuesday, Sunday being closed.
    let saturday = addDays(ukToday(), 14);
    while (weekdayOf(saturday) !== "Saturday") saturday = addDays(saturday, 1);
    const fields = typeInto(form, { date: saturday, from: "09:00", to: "16:00", "how-many": "3" });
    const first = await post(path, fields);
    const again = await post(path, fields);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`/admin/requests/${id}?saved=job-days-booked`);
    expect(again.headers.get("location"), "the same key gets the first answer").toBe(first.headers.get("location"));
    const visits = withStore(server.dataDir, (store) => store.db.prepare("SELECT kind, start_at AS startAt, uid FROM visits WHERE lead_id = ? ORDER BY start_at").all(id) as { kind: string; startAt: string; uid: string }[]);
    expect(visits.map((visit) => visit.kind)).toEqual(["job-day", "job-day", "job-day"]);
    expect(visits.map((visit) => weekdayOf(visit.startAt.slice(0, 10)))).toEqual(["Saturday", "Monday", "Tuesday"]);
    await waitFor(() => smtp.messages.some((mail) => mail.to.includes("wendy@example.org")), 20_000);
    await waitFor(() => count("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'visits-mail' AND done_at IS NULL") === 0, 20_000);
    const mails = smtp.messages.filter((mail) => mail.to.includes("wendy@example.org"));
    expect(mails, "one e-mail for every day").toHaveLength(1);
    expect(subjectOf(mails[0]!.raw)).toContain("is booked: 3 days from");
    const ics = calendarOf(mails[0]!.raw);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    const uids = [...ics.matchAll(/^UID:(.*)\r?$/gm)].map((match) => match[1]);
    expect(new Set(uids)).toEqual(new Set(visits.map((visit) => visit.uid)));
    expect(await page(`/admin/requests/${id}?saved=job-days-booked`)).toContain("Job days booked.");
  });
});

describe("Record payment and Create invoice", () => {
  it("opens on what is still due and the method last used, and Paid in full records it all, once", async () => {
    const leadId = request("Paula Paid", "paula@example.org", "won");
    const invoiceId = invoiceTo(leadId, "paula@example.org", true);
    const html = await page(`/admin/invoices/${invoiceId}`);
    const recordForm = formFields(html, "Record payment</button>");
    expect(fieldOf(recordForm, "amount")).toBe("1440.00");
    expect(fieldOf(recordForm, "method")).toBe("bank-transfer");
    const full = formFields(html, "Paid in full");
    expect((await post(`/admin/invoices/${invoiceId}`, full)).status).toBe(303);
    expect((await post(`/admin/invoices/${invoiceId}`, full)).status).toBe(303);
    expect(withStore(server.dataDir, (store) => store.db.prepare("SELECT amount_pence AS pence, method FROM payments WHERE invoice_id = ?").all(invoiceId))).toEqual([{ pence: 144000, method: "bank-transfer" }]);
    expect(await page(`/admin/invoices/${invoiceId}`)).not.toContain("Paid in full</button>");

    // Paid by cash on another: the next invoice's form starts with cash.
    const other = invoiceTo(leadId, "paula@example.org", true);
    const part = typeInto(formFields(await page(`/admin/invoices/${other}`), "Record payment</button>"), { amount: "100", method: "cash" });
    expect((await post(`/admin/invoices/${other}`, part)).status).toBe(303);
    const after = formFields(await page(`/admin/invoices/${other}`), "Record payment</button>");
    expect([fieldOf(after, "amount"), fieldOf(after, "method")]).toEqual(["1340.00", "cash"]);
  });

  it("says a deposit invoice is already drafted and links to it, with Create invoice no longer the main button", async () => {
    const leadId = request("Dora Drafted", "dora@example.org", "won");
    const draft = withStore(server.dataDir, (store) => {
      const made = createQuote(store, leadId, { actor: "Test", vatNumber: "GB999999973" })!;
      saveDraft(store, made.id, { lines: [{ description: "New roof", quantity: 100, unitPence: 480000 }], vat: true, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
      const sent = sendQuote(store, made.id, { actor: "Test" });
      if ("refused" in sent) throw new Error(sent.refused);
      acceptQuote(store, made.id, { name: "Dora Drafted", address: "127.0.0.1" });
      const invoice = createInvoice(store, { leadId, kind: "deposit", depositPercent: 25, vat: true, termsDays: 14, actor: "Test" });
      if (typeof invoice === "string") throw new Error(invoice);
      return invoice.id;
    });
    const html = await page(`/admin/requests/${leadId}`);
    expect(html).toContain("A deposit invoice is already drafted.");
    expect(html).toMatch(new RegExp(`href="/admin/invoices/${draft}" class="btn-primary"`));
    expect(html).toMatch(/class="btn-secondary">Create invoice<\/button>/);
  });
});

describe("Sending an invoice without bank details", () => {
  it("asks for them on the send page, publishes them alone with no page rendered, and comes back to the same question", async () => {
    const leadId = request("Bea Bankless", "bea@example.org", "won");
    const invoiceId = invoiceTo(leadId, "bea@example.org", false);
    const sendPath = `/admin/invoices/${invoiceId}/send`;
    const revision = async () => /name="from" value="(\d+)"/.exec(await page("/admin/site"))![1]!;
    // A phone number published, every page rendered with it: the live version has its folder.
    expect((await post("/admin/site/contact", typeInto(formFields(await page("/admin/site/contact"), 'name="phone"'), { phone: "07700 900888" }))).status).toBe(303);
    expect((await post("/admin/site", { intent: "publish", from: await revision() })).headers.get("location")).toMatch(/published=\d+/);
    const live = withStore(server.dataDir, (store) => store.db.prepare("SELECT id, edits FROM site_versions").get() as { id: number; edits: string });
    const home = (version: number) => statSync(path.join(server.dataDir, "site", `v${version}`, "index.html"));
    expect(home(live.id).isFile()).toBe(true);
    // Then another waits as a draft: it stays a draft.
    expect((await post("/admin/site/contact", typeInto(formFields(await page("/admin/site/contact"), 'name="phone"'), { phone: "07700 900999" }))).status).toBe(303);

    const asked = await page(sendPath);
    expect(asked).toContain("Your bank details");
    expect(asked).not.toContain("Yes, send the invoice");
    const form = formFields(asked, "Save bank details");
    expect(fieldOf(form, "account-name"), "the business's name to start with").toBe(fileContent.business.name);
    const wrong = await post(sendPath, typeInto(form, { "account-name": "Kestrel Roofing Ltd", "sort-code": "12-34", "account-number": "31926819" }));
    expect(wrong.status).toBe(400);
    const refused = await textOf(wrong);
    expect(refused).toContain('<p id="bank-sort-code-error" class="field-error">Enter a sort code of 6 digits, such as 12-34-56</p>');
    expect(refused).toMatch(/name="account-name"[^>]*value="Kestrel Roofing Ltd"/);
    expect(count("SELECT COUNT(*) AS n FROM site_versions")).toBe(1);

    const saved = await post(sendPath, typeInto(form, { "account-name": "Kestrel Roofing Ltd", "sort-code": "601613", "account-number": "31926819" }));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`${sendPath}?saved=bank-details`);
    const versions = withStore(server.dataDir, (store) => store.db.prepare("SELECT id, edits FROM site_versions ORDER BY id").all() as { id: number; edits: string }[]);
    expect(versions).toHaveLength(2);
    expect(JSON.parse(versions[1]!.edits)).toEqual({ ...JSON.parse(live.edits), invoicing: { accountName: "Kestrel Roofing Ltd", sortCode: "60-16-13", accountNumber: "31926819" } });
    expect(home(versions[1]!.id).ino, "the live pages, not one rendered again").toBe(home(live.id).ino);
    const draft = withStore(server.dataDir, (store) => JSON.parse((store.db.prepare("SELECT edits FROM site_draft").get() as { edits: string }).edits));
    expect(draft.business.phone.display, "the draft waits").toBe("07700 900999");
    expect(draft.invoicing.sortCode, "and has the bank details too").toBe("60-16-13");
    expect(await page("/contact/"), "the live site still has the published phone number").toContain("07700 900888");

    const back = await page(`${sendPath}?saved=bank-details`);
    expect(back).toContain("Bank details saved.");
    expect(back).not.toContain("Your bank details");
    const sent = await post(sendPath, formFields(back, "Yes, send the invoice"));
    expect(sent.status).toBe(303);
    await waitFor(() => smtp.messages.some((mail) => mail.to.includes("bea@example.org")), 20_000);
    expect(count("SELECT COUNT(*) AS n FROM invoices WHERE id = ? AND status = 'sent'", invoiceId)).toBe(1);
  }, 120_000);
});
