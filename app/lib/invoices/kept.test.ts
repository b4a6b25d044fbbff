/**
 * Invoices are kept six years from the end of their tax year, as HMRC asks (lib/requests/retention.ts): a
 * request with one sent is never deleted, forgetting its customer at 24 months keeps its invoices
 * with only what an invoice needs, and the nightly job takes the name and address off after.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "../../content/index.ts";
import { enqueue, JobRunner } from "../jobs/jobs.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { deleteLead } from "../requests/inbox.server.ts";
import { forgetRequestsHandler, scheduleForgetting } from "../requests/forget.server.ts";
import { invoiceKeptUntil, invoicesNamelessUpTo } from "../requests/retention.ts";
import { periodFigures as insightsFigures } from "../insights/insights.server.ts";
import { periodFigures as moneyFigures } from "./money-figures.server.ts";
import { queueInvoiceSend } from "./events.server.ts";
import { createInvoice, invoiceById, saveInvoiceDraft, sendInvoice, type Invoice } from "./invoices.server.ts";
import { recordPayment } from "./payments.server.ts";
import { SELLER as seller } from "../../../tests/support/invoices.ts";

const T0 = new Date("2026-12-09T10:00:00Z");

let store: LeadStore;
beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

function invoiced(name: string, options: { send: boolean; at?: Date }): { leadId: number; invoice: Invoice } {
  const at = options.at ?? T0;
  const leadId = store.add({ form: "quote", page: "/", name, email: "ivy@example.org", phone: "07700 900000", location: "3 Mill Rd, Hitchin", message: "Roof" }, { notify: false, now: at }).id;
  const draft = createInvoice(store, { leadId, kind: "blank", vat: false, termsDays: 14, actor: "Dave", now: at }) as Invoice;
  saveInvoiceDraft(store, draft.id, { lines: [{ description: "Repair", quantity: 100, unitPence: 50000, netPence: 50000, vatPence: 0 }], dueOn: "2099-01-01", note: "" });
  if (!options.send) return { leadId, invoice: invoiceById(store, draft.id)! };
  const sent = sendInvoice(store, draft.id, {
    seller,
    customer: { name, address: "3 Mill Rd, Hitchin", email: "ivy@example.org" },
    actor: "Dave",
    now: at,
    alongside: (invoice) => queueInvoiceSend(store.db, invoice, fileContent.business.openingHours, at),
  }) as Invoice;
  recordPayment(store, sent.id, { receivedOn: at.toISOString().slice(0, 10), amountPence: 10000, method: "cash", note: "Paid Ivy at the door", actor: "Dave", now: at });
  return { leadId, invoice: sent };
}

describe("the six-year rule", () => {
  it("counts six years from the end of the tax year, 5 April", () => {
    expect(invoiceKeptUntil("2026-12-09")).toBe("2033-04-05");
    expect(invoiceKeptUntil("2026-04-05")).toBe("2032-04-05");
    expect(invoiceKeptUntil("2026-04-06")).toBe("2033-04-05");
    expect(invoicesNamelessUpTo("2033-04-05")).toBe("2026-04-05");
    expect(invoicesNamelessUpTo("2033-04-06")).toBe("2027-04-05");
  });
});

describe("a request with an invoice", () => {
  it("is never deleted once an invoice is sent; a draft goes with it", () => {
    const sent = invoiced("Ivy Invoiced", { send: true });
    expect(deleteLead(store, sent.leadId, "Dave")).toBe(false);
    expect(invoiceById(store, sent.invoice.id)).toBeDefined();
    const draft = invoiced("Dora Draft", { send: false });
    expect(deleteLead(store, draft.leadId, "Dave")).toBe(true);
    expect(invoiceById(store, draft.invoice.id)).toBeUndefined();
  });

  it("is forgotten at 24 months keeping only what an invoice needs; the name and address stay 6 years, whole at 5, gone after", async () => {
    const { leadId, invoice } = invoiced("Ivy Invoiced", { send: true });
    const amounts = () => store.db.prepare("SELECT total_pence AS total, lines, issued_on AS issuedOn, sequence FROM invoices WHERE id = ?").get(invoice.id);
    const before = amounts();
    const month = { from: "2026-12-01", to: "2026-12-31" };
    const figures = () => ({ money: moneyFigures(store, month), insights: insightsFigures(store, month.from, month.to).totals });
    const figuresBefore = figures();
    expect(figuresBefore.insights).toMatchObject({ requests: 1, paidPence: 10000 });
    // The payment on 9 December 2026 is the last contact: still kept by a run erasing what was
    // last in touch before that day (24 months on, 9 December 2028), forgotten by the next day's.
    expect(store.forgetBefore("2026-12-09")).toBe(0);
    expect(store.forgetBefore("2026-12-10")).toBe(1);
    const kept = invoiceById(store, invoice.id)!;
    expect(kept.customer, "the name and address invoiced stay; the e-mail goes").toEqual({ name: "Ivy Invoiced", address: "3 Mill Rd, Hitchin" });
    expect(store.db.prepare("SELECT note, amount_pence AS amount FROM payments").all().map((row) => ({ ...row }))).toEqual([{ note: "", amount: 10000 }]);
    expect(store.db.prepare("SELECT name FROM leads WHERE id = ?").get(leadId)).toEqual({ name: "" });
    expect(figures(), "the month's figures, in Money and Insights, are the same after").toEqual(figuresBefore);
    expect(store.db.prepare("SELECT count(*) AS n FROM jobs WHERE json_extract(payload, '$.invoiceId') IS NOT NULL").get(), "its reminders go").toEqual({ n: 0 });

    const night = async (at: string) => {
      enqueue(store.db, { kind: "noop", runAt: new Date(0) });
      scheduleForgetting(store.db, new Date(`${at}T01:00:00Z`));
      await new JobRunner(store, { ...forgetRequestsHandler(store), noop: () => {} }, { now: () => new Date(`${at}T03:31:00Z`) }).runDue();
    };
    await night("2031-12-09");
    expect(invoiceById(store, invoice.id)!.customer, "whole at five years").toEqual({ name: "Ivy Invoiced", address: "3 Mill Rd, Hitchin" });
    await night("2033-04-05");
    expect(invoiceById(store, invoice.id)!.customer!.name, "kept to the end of 5 April six years on").toBe("Ivy Invoiced");
    await night("2033-04-06");
    expect(invoiceById(store, invoice.id)!.customer, "nameless after six").toEqual({ name: "", address: "" });
    expect(amounts(), "the number, date, lines and amounts stay").toEqual(before);
    expect(figures(), "and the figures with them").toEqual(figuresBefore);
    const line = store.db.prepare("SELECT action FROM audit WHERE actor = 'Nightly privacy job' ORDER BY id DESC LIMIT 1").get() as { action: string };
    expect(line.action).toMatch(/and the names on 1 invoice kept six years$/);
    expect(line.action).not.toMatch(/Ivy/);
  });
});
