/**
 * The e-mails of getting paid, each to the customer on the one letter (app/lib/mail/letter.ts) and
 * sent by the queue's handlers (./jobs.server.ts) once the step is committed:
 * - the invoice, with its PDF, holding what the PDF holds (what HMRC asks), how to pay and the
 *   reference;
 * - a credit note, with its PDF, and what it leaves to pay;
 * - a receipt of each payment: the amount, the day, how, the invoice, and what is still due or
 *   that it is paid in full;
 * - a reminder on the due day, a week and two weeks after: what is due, how to pay, the reference.
 * Each names the customer as the invoice does, and links to the customer's own page (/c/…).
 */
import { displayName } from "../../content/rules/names.ts";
import { customerPageLink, writeLetter, type Block, type Letter } from "../mail/letter.ts";
import { longDate } from "../time/words.ts";
import { oneLine, sendToCustomer, type OutgoingMail } from "../mail/mailer.server.ts";
import { formatPounds, quantityAsText, VAT_RATE_PERCENT } from "../quotes/money.ts";
import type { MailBusiness } from "../quotes/mail.server.ts";
import { amountDueWords, bankFacts, customerLines, referenceWords, sellerLines, vatRateWords } from "./document-words.ts";
import { invoiceFileName, invoiceNumber, type Invoice, type Seller } from "./invoices.server.ts";
import type { Amounts, Standing } from "./money.ts";
import { creditNoteNumber, PAYMENT_METHODS, type CreditNote, type Payment } from "./payments.server.ts";
import { creditNoteFileName, creditNotePdf, invoicePdf, partiesOf } from "./pdf.server.ts";

/** A sent invoice: its seller and customer are its own copies. */
export type SentInvoice = Invoice & { seller: Seller; customer: NonNullable<Invoice["customer"]> };

export interface InvoiceLetterInput {
  invoice: SentInvoice;
  /** The facts published now: the letter's head and foot. */
  business: MailBusiness;
  siteUrl: string;
  /** The customer's page (/c/…); undefined when the request has none any more. */
  page: string | undefined;
}

const dear = (invoice: SentInvoice) => `Dear ${displayName(oneLine(invoice.customer.name))},`;

/** The page as the letter's button, and the link every e-mail to a customer carries. */
function pageButton(page: string | undefined, words: string): Block[] {
  return page ? [{ button: { words, href: page } }] : [];
}
const pageLink = (page: string | undefined): Block[] => (page ? [customerPageLink(page)] : []);

/** How to pay: the bank details with the invoice's number as the reference, and the card link when set. */
function howToPay(invoice: SentInvoice): Block[] {
  const number = invoiceNumber(invoice);
  const { seller } = invoice;
  return [
    "To pay by bank transfer:",
    { facts: bankFacts(seller, number) },
    referenceWords(number),
    ...(seller.cardPaymentLink ? [{ link: { words: "Pay by card", href: seller.cardPaymentLink } }] : []),
  ];
}

/** Net and VAT (when charged) and the total, labelled. */
function sumFacts(amounts: Amounts, vat: boolean, total: string): Block {
  const sums = vat
    ? [
        { label: "Net", value: formatPounds(amounts.netPence) },
        { label: `VAT at ${VAT_RATE_PERCENT}%`, value: formatPounds(amounts.vatPence) },
      ]
    : [];
  return { facts: [...sums, { label: total, value: formatPounds(amounts.totalPence) }] };
}

/** The invoice itself, as the PDF gives it: what HMRC asks of a full VAT invoice. */
function invoiceItself(invoice: SentInvoice): Block[] {
  const day = longDate(invoice.issuedOn!);
  return [
    { facts: [
      { label: "Invoice number", value: invoiceNumber(invoice) },
      { label: "Invoice date", value: day },
      { label: "Tax point", value: day },
      { label: "From", value: sellerLines(invoice.seller).join(", ") },
      { label: "To", value: customerLines(invoice.customer).join(", ") },
    ] },
    {
      lines: invoice.lines.map(
        (line) => `${line.description}: ${quantityAsText(line.quantity)} at ${formatPounds(line.unitPence)} net, VAT ${vatRateWords(invoice.vat)}, ${formatPounds(line.netPence)}`,
      ),
    },
    sumFacts(invoice, invoice.vat, invoice.vat ? "Total including VAT" : "Total"),
  ];
}

/** The e-mail of an invoice just sent. */
export function invoiceLetter({ invoice, business, siteUrl, page }: InvoiceLetterInput): Letter {
  const number = invoiceNumber(invoice);
  return writeLetter({
    business,
    siteUrl,
    subject: `Invoice ${number} from ${invoice.seller.name}`,
    greeting: dear(invoice),
    body: [
      `Thank you for choosing ${invoice.seller.name}. Here is invoice ${number}; it is attached as a PDF too.`,
      `${amountDueWords(invoice.totalPence, invoice.dueOn)}.`,
      ...pageButton(page, "See your invoice and how to pay"),
      ...howToPay(invoice),
      "The invoice:",
      ...invoiceItself(invoice),
      `Questions? Call ${invoice.seller.phone} or reply to this e-mail.`,
      ...pageLink(page),
    ],
  });
}

/** What is left to pay, in words, after a payment or a credit note. */
function standingWords(invoice: SentInvoice, standing: Standing): string {
  const number = invoiceNumber(invoice);
  if (standing.state === "void") return `Invoice ${number} is now cancelled: there is nothing to pay on it.`;
  if (standing.duePence <= 0) return `Invoice ${number} is now paid in full. Thank you.`;
  return `${formatPounds(standing.duePence)} is still due on invoice ${number}, by ${longDate(invoice.dueOn)}.`;
}

/** The e-mail of a credit note just issued. */
export function creditNoteLetter(input: InvoiceLetterInput, note: CreditNote, standing: Standing): Letter {
  const { invoice, business, siteUrl, page } = input;
  const number = creditNoteNumber(note);
  const corrected = invoiceNumber(invoice);
  return writeLetter({
    business,
    siteUrl,
    subject: `Credit note ${number} for invoice ${corrected}`,
    greeting: dear(invoice),
    body: [
      `We have issued credit note ${number}, which corrects invoice ${corrected} of ${longDate(invoice.issuedOn!)}. It is attached as a PDF.`,
      { facts: [{ label: "Reason", value: note.reason }] },
      sumFacts(note, invoice.vat, "Total credited"),
      standingWords(invoice, standing),
      `Questions? Call ${invoice.seller.phone} or reply to this e-mail.`,
      ...pageLink(page),
    ],
  });
}

/** The receipt of a payment: `standing` is where the invoice stood once it was recorded. */
export function receiptLetter(input: InvoiceLetterInput, payment: Payment, standing: Standing): Letter {
  const { invoice, business, siteUrl, page } = input;
  const number = invoiceNumber(invoice);
  return writeLetter({
    business,
    siteUrl,
    subject: `Receipt: ${formatPounds(payment.amountPence)} for invoice ${number}`,
    greeting: dear(invoice),
    body: [
      `Thank you for your payment. This is your receipt.`,
      {
        facts: [
          { label: "Amount", value: formatPounds(payment.amountPence) },
          { label: "Received on", value: longDate(payment.receivedOn) },
          { label: "Paid by", value: PAYMENT_METHODS[payment.method] },
          { label: "Invoice", value: number },
        ],
      },
      standingWords(invoice, standing),
      ...pageLink(page),
    ],
  });
}

/** A reminder of an unpaid invoice: on its due day (`day` 0), or 7 or 14 days after. */
export function invoiceReminderLetter(input: InvoiceLetterInput, day: number, duePence: number): Letter {
  const { invoice, business, siteUrl, page } = input;
  const number = invoiceNumber(invoice);
  const opening =
    day === 0
      ? `Invoice ${number} is due today: ${formatPounds(duePence)} is still to pay.`
      : `Invoice ${number} was due on ${longDate(invoice.dueOn)}, and ${formatPounds(duePence)} is still to pay.`;
  return writeLetter({
    business,
    siteUrl,
    subject: day === 0 ? `Invoice ${number} is due today` : `A reminder: invoice ${number} is overdue`,
    greeting: dear(invoice),
    body: [
      opening,
      "If you have paid it in the last few days, thank you, and please ignore this reminder.",
      ...pageButton(page, "See your invoice and how to pay"),
      ...howToPay(invoice),
      `Questions, or a problem paying? Call ${invoice.seller.phone} or reply to this e-mail.`,
      ...pageLink(page),
    ],
  });
}

const to = (invoice: SentInvoice) => ({ name: invoice.customer.name, address: invoice.customer.email });

/** Sends the invoice with its PDF; throws when e-mail is not set up or the mail server refuses it. */
export async function mailInvoice(mail: OutgoingMail | undefined, input: InvoiceLetterInput): Promise<void> {
  const content = await invoicePdf(input.invoice, partiesOf(input.invoice));
  await sendToCustomer(mail, input.business, { ...invoiceLetter(input), to: to(input.invoice), attachments: [{ filename: invoiceFileName(input.invoice), content, contentType: "application/pdf" }] });
}

/** Sends a credit note with its PDF. */
export async function mailCreditNote(mail: OutgoingMail | undefined, input: InvoiceLetterInput, note: CreditNote, standing: Standing): Promise<void> {
  const content = await creditNotePdf(note, input.invoice);
  await sendToCustomer(mail, input.business, { ...creditNoteLetter(input, note, standing), to: to(input.invoice), attachments: [{ filename: creditNoteFileName(note), content, contentType: "application/pdf" }] });
}

/** Sends a payment's receipt. */
export async function mailReceipt(mail: OutgoingMail | undefined, input: InvoiceLetterInput, payment: Payment, standing: Standing): Promise<void> {
  await sendToCustomer(mail, input.business, { ...receiptLetter(input, payment, standing), to: to(input.invoice) });
}

/** Sends a reminder (the PDF is not attached again: the page and the first e-mail have it). */
export async function mailInvoiceReminder(mail: OutgoingMail | undefined, input: InvoiceLetterInput, day: number, duePence: number): Promise<void> {
  await sendToCustomer(mail, input.business, { ...invoiceReminderLetter(input, day, duePence), to: to(input.invoice) });
}
