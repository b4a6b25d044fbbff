/**
 * The one mailer: the one SMTP transport, and the one envelope of an e-mail to a customer (the
 * business's sender, replies to the business's address, the customer's name and address kept to
 * one line each). Every e-mail to a customer is handed to `sendToCustomer`.
 */
import nodemailer, { type Transporter } from "nodemailer";
import type { Business } from "../content/schema.ts";

/** Removes line breaks and other control characters, so a field can never add a mail header. */
export function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

/** A connection to the mail server of SMTP_URL. */
export function mailTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    // One connection kept open for a run of e-mails (a burst of requests), not a handshake each.
    pool: true,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** The mail set up on this server: made once at start-up and handed to what sends (app/lib/services.ts). */
export interface OutgoingMail {
  transport: Transporter;
  /** The business's sender address. */
  from: { name: string; address: string };
  /** The owner's addresses (LEADS_NOTIFY_TO). */
  ownerTo: string;
}


/** What an e-mail to a customer says; the envelope is the mailer's. */
export interface CustomerLetter {
  to: { name?: string; address: string };
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends a letter to a customer; throws when e-mail is not set up or the mail server refuses it. */
export async function sendToCustomer(mail: OutgoingMail | undefined, business: Pick<Business, "email">, letter: CustomerLetter): Promise<void> {
  if (!mail) throw new Error("e-mail is not set up on this server");
  const to = letter.to.name ? { name: oneLine(letter.to.name), address: oneLine(letter.to.address) } : oneLine(letter.to.address);
  await mail.transport.sendMail({ from: mail.from, to, replyTo: business.email, subject: letter.subject, text: letter.text, attachments: letter.attachments });
}
