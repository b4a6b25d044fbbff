/**
 * Every e-mail the site writes, built from a request and a quote: each is HTML in British
 * English under Gmail's 100 KB, with plain text of the same words beside it; each button says
 * what it does and goes where it says; no link shows its address, and in the plain text each
 * address follows words saying what it opens; a name ending in a full stop gets no second one;
 * nothing anyone typed reaches the HTML as markup.
 */
import { describe, expect, it } from "vitest";
import { fileContent } from "../../content/index.ts";
import { acknowledgementEmail } from "../requests/acknowledge.server.ts";
import { ownerLetter } from "../requests/notify.server.ts";
import type { Quote } from "../quotes/quotes.server.ts";
import { reviewLetter } from "../reviews/mail.server.ts";
import { acceptedLetter, followUpLetter, ownerNoticeLetter, quoteLetter } from "../quotes/mail.server.ts";
import type { Lead } from "../requests/lead.ts";
import { developerWords } from "../../../tests/support/plain-words.ts";
import { SENT_QUOTE } from "../../../tests/support/quotes.ts";
import { cancelledLetter, invitationLetter, movedLetter, reminderLetter } from "../visits/letters.server.ts";
import { creditNoteLetter, invoiceLetter, invoiceReminderLetter, receiptLetter, type SentInvoice } from "../invoices/mail.server.ts";
import type { CreditNote, Payment } from "../invoices/payments.server.ts";
import { escape, LOGO_CID, writeLetter, type Letter } from "./letter.ts";

const SITE = "https://www.example.com";
const business = { ...fileContent.business, googleReviewUrl: "https://g.page/r/kestrel-roofing/review" };
const LEAD: Lead = {
  id: 42,
  form: "quote",
  page: "/",
  name: "Sarah M.",
  email: "sarah@example.org",
  phone: "07700 900321",
  location: "4 Church Road, Hitchin",
  message: "Tiles slipped after the storm.\nPlease call after five",
  createdAt: "2026-11-25T14:05:00Z",
  status: "quoted",
  delivery: "pending",
  attempts: 0,
  nextAttemptAt: null,
  lastError: null,
  firstAnswerAt: null,
  firstAnswerBy: null,
  ack: "sent",
  ackAt: null,
};
const QUOTE: Quote = { ...SENT_QUOTE, declineReason: "Found someone closer." };
const QUOTE_LINK = `${SITE}/q/${"a".repeat(43)}`;
const REVIEW_LINK = `${SITE}/review/${"b".repeat(43)}`;
const PAGE_LINK = `${SITE}/c/${"c".repeat(43)}`;
const input = { quote: QUOTE, lead: LEAD, business, siteUrl: SITE, link: QUOTE_LINK, page: PAGE_LINK };
const visit = { business, siteUrl: SITE, customer: LEAD, visit: { kind: "survey" as const, start: new Date("2026-11-26T09:00:00Z"), end: new Date("2026-11-26T11:00:00Z") }, now: new Date("2026-11-25T14:05:00Z"), pageLink: PAGE_LINK };
const CALL = { words: "Call 07700 900123", href: "tel:+447700900123" };
const INVOICE: SentInvoice = {
  id: 3, leadId: 42, quoteId: 7, kind: "deposit", status: "sent", year: 2026, sequence: 1, createdAt: "2026-12-09T10:00:00Z",
  issuedOn: "2026-12-09", dueOn: "2026-12-23", vat: true, note: "", sentAt: "2026-12-09T10:00:00Z", reminders: true,
  lines: [{ description: "Deposit of 25% on quote Q-2026-0007", quantity: 100, unitPence: 120000, netPence: 120000, vatPence: 24000 }],
  netPence: 120000, vatPence: 24000, totalPence: 144000,
  seller: { name: "Kestrel Roofing", postalAddress: ["Unit 4", "Stevenage SG1 1AA"], vatNumber: "GB999999973", phone: "07700 900123", email: "info@example.com", accountName: "Kestrel Roofing Ltd", sortCode: "60-16-13", accountNumber: "31926819", cardPaymentLink: `${SITE}/pay` },
  customer: { name: "Sarah M.", address: "4 Church Road, Hitchin", email: "sarah@example.org" },
};
const invoiceInput = { invoice: INVOICE, business, siteUrl: SITE, page: PAGE_LINK };
const PAYMENT: Payment = { id: 1, invoiceId: 3, receivedOn: "2026-12-10", amountPence: 100000, method: "bank-transfer", note: "", createdAt: "2026-12-10T10:00:00Z", removedAt: null };
const CREDIT: CreditNote = { id: 1, invoiceId: 3, year: 2026, sequence: 1, issuedOn: "2026-12-11", createdAt: "2026-12-11T10:00:00Z", reason: "Less lead needed", netPence: 10000, vatPence: 2000, totalPence: 12000 };
const PART_PAID = { state: "part-paid" as const, overdue: false, paidPence: 100000, creditedPence: 0, duePence: 44000 };
const TO_PAY = { words: "See your invoice and how to pay", href: PAGE_LINK };

/** Each e-mail, with the button it must carry. */
const CUSTOMER_LETTERS: [string, Letter, { words: string; href: string }][] = [
  ["the acknowledgement", acknowledgementEmail(42, business, SITE, PAGE_LINK), { words: "Call 07700 900123", href: "tel:+447700900123" }],
  ["the quote", quoteLetter(input), { words: "View your quote", href: QUOTE_LINK }],
  ["the accepted copy", acceptedLetter(input), { words: "See your accepted quote", href: QUOTE_LINK }],
  ["the day-3 follow-up", followUpLetter(input, 3), { words: "View your quote", href: QUOTE_LINK }],
  ["the day-7 follow-up", followUpLetter(input, 7), { words: "View your quote", href: QUOTE_LINK }],
  ["the review request", reviewLetter(LEAD, business, SITE, REVIEW_LINK, PAGE_LINK), { words: "Leave a review", href: REVIEW_LINK }],
  ["a visit's invitation", invitationLetter(visit), CALL],
  ["a visit moved", movedLetter(visit, { start: new Date("2026-11-25T16:00:00Z"), end: new Date("2026-11-25T17:00:00Z") }, "because of the weather forecast"), CALL],
  ["a visit cancelled", cancelledLetter(visit), CALL],
  ["a visit's reminder", reminderLetter(visit), CALL],
  ["an invoice", invoiceLetter(invoiceInput), TO_PAY],
  ["a credit note", creditNoteLetter(invoiceInput, CREDIT, PART_PAID), { words: "Your page for this request", href: PAGE_LINK }],
  ["a receipt", receiptLetter(invoiceInput, PAYMENT, PART_PAID), { words: "Your page for this request", href: PAGE_LINK }],
  ["an invoice's due-day reminder", invoiceReminderLetter(invoiceInput, 0, 144000), TO_PAY],
  ["an invoice's overdue reminder", invoiceReminderLetter(invoiceInput, 14, 44000), TO_PAY],
];
const OWNER_LETTERS: [string, Letter, { words: string; href: string }][] = [
  ["the new request", ownerLetter(LEAD, business, SITE) as Letter, { words: "Open K-1042, Sarah M.", href: `${SITE}/admin/requests/42` }],
  ["a quote declined", ownerNoticeLetter("declined", QUOTE, LEAD, business, SITE), { words: "Open K-1042, Sarah M.", href: `${SITE}/admin/requests/42` }],
];
const ALL = [...CUSTOMER_LETTERS, ...OWNER_LETTERS];

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The words a reader sees in the HTML: the body's text, tags gone, entities read, spaces collapsed. */
function htmlWords(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)![1]!;
  return body
    .replace(/<(br|\/?(p|div|blockquote))\b[^>]*>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of the plain text, with each address (and the colon that introduces it) left out. */
function textWords(text: string): string {
  return text.replace(/: https?:\/\/\S+/g, "").replace(/\s+/g, " ").trim();
}

/** Each link's address and words. */
const linksOf = (html: string) => [...html.matchAll(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ href: m[1]!.replaceAll("&amp;", "&"), words: m[2]! }));

describe.each(ALL)("%s", (_name, letter, button) => {
  it("is HTML in British English under 100 KB, on the letter with the logo attached, nothing fetched", () => {
    expect(letter.html.startsWith('<!DOCTYPE html>\n<html lang="en-GB">')).toBe(true);
    expect(Buffer.byteLength(letter.html)).toBeLessThan(100_000);
    expect(letter.html).toContain(`<img src="cid:${LOGO_CID}"`);
    expect(letter.html).toContain(business.name);
    expect(letter.html).not.toMatch(/\bsrc="(?!cid:)/);
    expect(letter.html).not.toMatch(/<(script|link|style)\b/i);
  });

  it("says the same words in its plain text as in its HTML", () => {
    expect(textWords(letter.text)).toBe(htmlWords(letter.html));
  });

  it(`has a button "${button.words}" that goes where it says`, () => {
    expect(linksOf(letter.html)).toContainEqual(button);
    if (button.href.startsWith("http")) expect(letter.text).toContain(`${button.words}: ${button.href}`);
    else expect(letter.text).toContain(button.words);
  });

  it("shows no address as a link's words; in the plain text each address follows words saying what it opens", () => {
    for (const link of linksOf(letter.html)) {
      expect(link.words, link.href).not.toMatch(/:\/\/|^www\./);
      expect(link.href).toMatch(/^(https:\/\/www\.example\.com(\/|$)|https:\/\/g\.page\/|tel:\+?\d+$|mailto:)/);
    }
    for (const line of letter.text.split("\n").filter((l) => /https?:/.test(l))) {
      expect(line, "words, a colon, then the address, and nothing after it").toMatch(/^\p{L}[^:]*[\p{L}.]: https?:\/\/\S+$/u);
    }
  });

  it("reads in plain words: no file name, command, placeholder, field key or ISO time", () => {
    expect(developerWords(textWords(letter.text))).toEqual([]);
    expect(developerWords(htmlWords(letter.html))).toEqual([]);
  });

  it("never puts a second full stop after a name ending in one", () => {
    expect(letter.text).not.toMatch(/\.\./);
    expect(htmlWords(letter.html)).not.toMatch(/\.\./);
  });

  it("gives no time as the computer writes it", () => {
    expect(letter.text).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}|\{|\}/);
  });
});

describe.each(CUSTOMER_LETTERS)("%s, to a customer", (name, letter) => {
  it("links to the customer's own page in words saying what it opens, beside its own button", () => {
    expect(linksOf(letter.html)).toContainEqual({ words: "Your page for this request", href: PAGE_LINK });
    expect(letter.text).toContain(`\n\nYour page for this request: ${PAGE_LINK}\n\n`);
  });

  it("ends with the firm's phone, e-mail and website", () => {
    expect(letter.text.endsWith(`${business.name}\nPhone: 07700 900123\nE-mail: info@example.com\nOur website: ${SITE}`)).toBe(true);
    expect(linksOf(letter.html)).toEqual(expect.arrayContaining([{ href: "tel:+447700900123", words: "07700 900123" }, { href: `mailto:${business.email}`, words: business.email }, { href: SITE, words: "Our website" }]));
  });

  it(name === "the acknowledgement" ? "greets no one by name: the address is unconfirmed" : "is addressed to the customer by full name", () => {
    if (name === "the acknowledgement") {
      expect(letter.text).not.toMatch(/Dear|Sarah/);
    } else {
      expect(letter.text).toContain(`\n\nDear Sarah M.,\n\n`);
    }
  });
});

describe("the owner's e-mail of a new request", () => {
  it("names the customer and the reference, and gives the UK time in words, winter and summer", () => {
    const winter = ownerLetter(LEAD, business, SITE);
    expect(winter.subject).toBe("New quote request K-1042 from Sarah M.");
    expect(winter.text).toContain("A new quote request came in from the Home page on Wed 25 Nov, 14:05.");
    const summer = ownerLetter({ ...LEAD, form: "contact", page: "/contact", location: "SG1 1AA", createdAt: "2026-07-25T14:05:00Z" }, business, SITE);
    expect(summer.subject).toBe("New contact request K-1042 from Sarah M.");
    expect(summer.text).toContain("came in from the Contact page on Sat 25 Jul, 15:05.");
    expect(summer.text).toContain("Postcode: SG1 1AA");
  });

  it("lets him call or e-mail the customer with one tap", () => {
    expect(linksOf(ownerLetter(LEAD, business, SITE).html!)).toEqual(expect.arrayContaining([{ href: "tel:07700900321", words: "07700 900321" }, { href: "mailto:sarah@example.org", words: "sarah@example.org" }]));
  });

  it("carries what the visitor typed as text, never as markup", () => {
    const typed = { ...LEAD, name: `<img src=x onerror="alert(1)"> O'Neil & Co`, message: "<script>alert(1)</script>\nSecond line", phone: "call me <b>now</b>" };
    const { html, text } = ownerLetter(typed, business, SITE) as Letter;
    expect(html).not.toMatch(/<script|<img src=x|<b>now/);
    expect(html).toContain(escape("<script>alert(1)</script>"));
    expect(html).toContain(escape(`<img src=x onerror="alert(1)"> O'Neil & Co`));
    expect(text).toContain("<script>alert(1)</script>\nSecond line");
    expect(linksOf(html).map((link) => link.href)).not.toContain(expect.stringMatching(/^tel:.*[<>]/));
  });
});

describe("the letter", () => {
  it("refuses a link that is not a web page, a phone number or an e-mail address", () => {
    expect(() => writeLetter({ business, siteUrl: SITE, subject: "x", body: [{ button: { words: "Click", href: "javascript:alert(1)" } }] })).toThrow(/Not a link/);
  });

  it("keeps a document's number and a request's reference whole on a narrow screen", () => {
    expect(quoteLetter(input).html).toContain('<span style="white-space:nowrap">Q-2026-0007</span>');
    expect(invoiceLetter(invoiceInput).html).toContain('<span style="white-space:nowrap">INV-2026-0001</span>');
    expect(creditNoteLetter(invoiceInput, CREDIT, PART_PAID).html).toContain('<span style="white-space:nowrap">CN-2026-0001</span>');
  });
});
