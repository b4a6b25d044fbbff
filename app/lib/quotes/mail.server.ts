/**
 * The e-mails of a quote: to the customer when it is sent, when they accept it and as a reminder
 * (each with the PDF and a button to their page of it), and to the owner when the customer opens
 * or answers it. Each is sent by the queue's handler (app/lib/quotes/jobs.server.ts), after the
 * quote's state is committed, on the one letter (app/lib/mail/letter.ts).
 */
import type { Business } from "../../content/index.ts";
import { displayName } from "../../content/rules/names.ts";
import { referenceOf } from "../forms/reference.ts";
import type { Lead } from "../requests/lead.ts";
import { customerPageLink, writeLetter, type Block, type Letter } from "../mail/letter.ts";
import { oneLine, sendToCustomer, sendToOwner, type OutgoingMail } from "../mail/mailer.server.ts";
import { quoteFileName, quoteNumber, type Quote } from "./quotes.server.ts";
import type { QuoteEvent } from "./events.server.ts";
import { formatPounds } from "./money.ts";
import { longDate } from "../time/words.ts";
import { quotePdf } from "./pdf.server.ts";
import type { PrintReport } from "../photos/report-print.server.ts";

export type MailBusiness = Pick<Business, "name" | "phone" | "email" | "base">;

/** Where a letter about a quote goes, and what it is written with. */
export interface QuoteLetterInput {
  quote: Quote;
  lead: Lead;
  business: MailBusiness;
  siteUrl: string;
  /** The customer's own link to the quote (/q/…). */
  link: string;
  /** The customer's page (/c/…), with everything of their request. */
  page: string;
  /** The survey report the quote was sent with, made for print (its pages follow the quote's in the PDF). */
  report?: PrintReport;
}

const dear = (lead: Lead) => `Dear ${displayName(oneLine(lead.name))},`;
const inTotal = (quote: Quote) => `${formatPounds(quote.totalPence)} in total${quote.vat ? " including VAT" : ""}`;

/** The e-mail of a quote just sent. */
export function quoteLetter({ quote, lead, business, siteUrl, link, page }: QuoteLetterInput): Letter {
  const number = quoteNumber(quote);
  return writeLetter({
    business,
    siteUrl,
    subject: `Your quote ${number} from ${business.name}`,
    greeting: dear(lead),
    body: [
      `Thank you for asking ${business.name} to quote. Your quote ${number} comes to ${inTotal(quote)}. It is attached as a PDF too.`,
      { button: { words: "View your quote", href: link } },
      `On that page you can read it, download it, and accept or decline it, until ${longDate(quote.validUntil)}.`,
      customerPageLink(page),
      `Questions? Call ${business.phone.display} or reply to this e-mail.`,
    ],
  });
}

/** The customer's copy of the quote they accepted. */
export function acceptedLetter({ quote, lead, business, siteUrl, link, page }: QuoteLetterInput): Letter {
  const number = quoteNumber(quote);
  return writeLetter({
    business,
    siteUrl,
    subject: `Your accepted quote ${number} from ${business.name}`,
    greeting: dear(lead),
    body: [
      `Thank you for accepting quote ${number}, ${inTotal(quote)}. Your copy is attached.`,
      { button: { words: "See your accepted quote", href: link } },
      `We will be in touch to arrange the work. Call ${business.phone.display} any time.`,
      customerPageLink(page),
    ],
  });
}

/** A polite reminder of an unanswered quote, on day 3 or day 7 after it was sent. */
export function followUpLetter({ quote, lead, business, siteUrl, link, page }: QuoteLetterInput, day: number): Letter {
  const number = quoteNumber(quote);
  return writeLetter({
    business,
    siteUrl,
    subject: `A reminder: your quote ${number} from ${business.name}`,
    greeting: dear(lead),
    body: [
      `${day === 3 ? "A few days ago" : "Last week"} we sent you quote ${number}, ${inTotal(quote)}. It is attached again.`,
      { button: { words: "View your quote", href: link } },
      `It is valid until ${longDate(quote.validUntil)}. If you have questions, or would like anything changed, call ${business.phone.display} or reply to this e-mail.`,
      "If you have decided against it, pressing Decline quote on that page means we will not remind you again.",
      customerPageLink(page),
    ],
  });
}

async function withPdf(letter: Letter, { quote, lead, business, siteUrl, report }: QuoteLetterInput) {
  const content = await quotePdf({ quote, business, siteUrl, customer: { name: lead.name, location: lead.location }, report });
  return { ...letter, to: { name: lead.name, address: lead.email }, attachments: [{ filename: quoteFileName(quote), content, contentType: "application/pdf" }] };
}

/** Sends the quote to the customer; throws when e-mail is not set up or the mail server refuses it. */
export async function mailQuoteToCustomer(mail: OutgoingMail | undefined, input: QuoteLetterInput): Promise<void> {
  await sendToCustomer(mail, input.business, await withPdf(quoteLetter(input), input));
}

/** Sends the customer's copy of the quote they accepted. */
export async function mailAcceptedCopy(mail: OutgoingMail | undefined, input: QuoteLetterInput): Promise<void> {
  await sendToCustomer(mail, input.business, await withPdf(acceptedLetter(input), input));
}

/** Sends a reminder, with the PDF again. */
export async function mailFollowUp(mail: OutgoingMail | undefined, input: QuoteLetterInput, day: number): Promise<void> {
  await sendToCustomer(mail, input.business, await withPdf(followUpLetter(input, day), input));
}

const EVENT_WORDS: Record<QuoteEvent, string> = { viewed: "opened", accepted: "ACCEPTED", declined: "declined" };

/** The owner's e-mail of what the customer did, with a button to the request. */
export function ownerNoticeLetter(event: QuoteEvent, quote: Quote, lead: Lead, business: MailBusiness, siteUrl: string): Letter {
  const name = oneLine(lead.name);
  const number = quoteNumber(quote);
  const reason: Block[] = event === "declined" ? [{ facts: [{ label: "Their reason", value: quote.declineReason || "none given" }] }] : [];
  return writeLetter({
    business,
    siteUrl,
    subject: `${name} ${EVENT_WORDS[event]} quote ${number}`,
    foot: false,
    body: [
      `${name} ${event === "accepted" ? "accepted" : EVENT_WORDS[event]} quote ${number}, ${formatPounds(quote.totalPence)}.`,
      ...reason,
      { button: { words: `Open ${referenceOf(lead.id)}, ${name}`, href: `${siteUrl}/admin/requests/${lead.id}` } },
    ],
  });
}

/** Tells the owner what the customer did. */
export async function tellOwner(mail: OutgoingMail | undefined, event: QuoteEvent, quote: Quote, lead: Lead, business: MailBusiness, siteUrl: string): Promise<void> {
  if (!mail) return;
  await sendToOwner(mail, ownerNoticeLetter(event, quote, lead, business, siteUrl));
}
