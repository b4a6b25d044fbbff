/**
 * The e-mails of a quote: to the customer when it is sent and when they accept it (each with the
 * PDF), and to the owner when the customer opens or answers it. Each is sent by the queue's
 * handler (app/lib/quotes/jobs.server.ts), after the quote's state is committed.
 */
import type { Business } from "../../content/index.ts";
import type { Lead } from "../requests/lead.ts";
import { oneLine, sendToCustomer, sendToOwner, type OutgoingMail } from "../mailer.server.ts";
import { quoteFileName, quoteNumber, type Quote } from "../owner/quotes.server.ts";
import type { QuoteEvent } from "./events.server.ts";
import { formatPounds } from "./money.ts";
import { longDate, quotePdf } from "./pdf.server.ts";

type MailBusiness = Pick<Business, "name" | "phone" | "email" | "base">;

async function pdfAttachment(quote: Quote, lead: Lead, business: MailBusiness) {
  const content = await quotePdf({ quote, business, customer: { name: lead.name, location: lead.location } });
  return { filename: quoteFileName(quote), content, contentType: "application/pdf" };
}

/** Sends the quote to the customer; throws when e-mail is not set up or the mail server refuses it. */
export async function mailQuoteToCustomer(mail: OutgoingMail | undefined, quote: Quote, lead: Lead, business: MailBusiness, link: string): Promise<void> {
  await sendToCustomer(mail, business, {
    to: { name: lead.name, address: lead.email },
    subject: `Your quote ${quoteNumber(quote)} from ${business.name}`,
    text: [
      `Dear ${lead.name},`,
      "",
      `Thank you for asking ${business.name} to quote. Your quote ${quoteNumber(quote)} is attached, ${formatPounds(quote.totalPence)} in total${quote.vat ? " including VAT" : ""}.`,
      "",
      "You can read it, download it and accept or decline it here:",
      link,
      "",
      `The link works until ${longDate(quote.validUntil)}. Questions? Call ${business.phone.display} or reply to this e-mail.`,
      "",
      business.name,
    ].join("\n"),
    attachments: [await pdfAttachment(quote, lead, business)],
  });
}

/** The customer's copy of the quote they accepted. */
export async function mailAcceptedCopy(mail: OutgoingMail | undefined, quote: Quote, lead: Lead, business: MailBusiness): Promise<void> {
  if (!mail) return;
  await sendToCustomer(mail, business, {
    to: { name: lead.name, address: lead.email },
    subject: `Your accepted quote ${quoteNumber(quote)} from ${business.name}`,
    text: [
      `Dear ${lead.name},`,
      "",
      `Thank you for accepting quote ${quoteNumber(quote)} (${formatPounds(quote.totalPence)}). Your copy is attached.`,
      `We will be in touch to arrange the work. Call ${business.phone.display} any time.`,
      "",
      business.name,
    ].join("\n"),
    attachments: [await pdfAttachment(quote, lead, business)],
  });
}

const EVENT_WORDS: Record<QuoteEvent, string> = { viewed: "opened", accepted: "ACCEPTED", declined: "declined" };

/** Tells the owner what the customer did, with a link to the request. */
export async function tellOwner(mail: OutgoingMail | undefined, event: QuoteEvent, quote: Quote, lead: Lead, requestLink: string): Promise<void> {
  if (!mail) return;
  const what = `${oneLine(lead.name)} ${EVENT_WORDS[event]} quote ${quoteNumber(quote)}`;
  await sendToOwner(mail, {
    subject: what,
    text: [
      `${what} (${formatPounds(quote.totalPence)}).`,
      ...(event === "declined" ? ["", `Reason: ${quote.declineReason || "(none given)"}`] : []),
      "",
      `The request: ${requestLink}`,
    ].join("\n"),
  });
}

/** A polite reminder of an unanswered quote, with a link of its own and the PDF again. */
export async function mailFollowUp(mail: OutgoingMail | undefined, quote: Quote, lead: Lead, business: MailBusiness, link: string, day: number): Promise<void> {
  await sendToCustomer(mail, business, {
    to: { name: lead.name, address: lead.email },
    subject: `A reminder: your quote ${quoteNumber(quote)} from ${business.name}`,
    text: [
      `Dear ${lead.name},`,
      "",
      `${day === 3 ? "A few days ago" : "Last week"} we sent you quote ${quoteNumber(quote)}, ${formatPounds(quote.totalPence)} in total${quote.vat ? " including VAT" : ""}. It is attached again.`,
      "",
      "You can read it and accept or decline it here:",
      link,
      "",
      `It is valid until ${longDate(quote.validUntil)}. If you have questions, or would like anything changed, call ${business.phone.display} or reply to this e-mail.`,
      "If you have decided against it, pressing Decline on that page means we will not remind you again.",
      "",
      business.name,
    ].join("\n"),
    attachments: [await pdfAttachment(quote, lead, business)],
  });
}
