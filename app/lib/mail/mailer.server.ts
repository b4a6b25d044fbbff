/**
 * The one mailer: the one SMTP transport, the one envelope of an e-mail to a customer (the
 * business's sender, replies to the business's address, the customer's name and address kept to
 * one line each) and the one of an e-mail to the owner (from "<business> website" to his
 * addresses). Every e-mail is a row of the queue (app/lib/jobs/jobs.server.ts) whose handler hands it
 * to `sendToCustomer` or `sendToOwner`; no route sends one itself.
 *
 * A letter with HTML (written on the one letter, app/lib/mail/letter.ts) goes as
 * multipart/alternative, its plain text beside it, with the logo its letterhead shows attached.
 */
import nodemailer, { type Transporter } from "nodemailer";
import { encodeWord } from "nodemailer/lib/mime-funcs";
import type { Business } from "../../content/schema.ts";
import { logoAttachment } from "./logo.server.ts";

/** Removes line breaks and other control characters, so a field can never add a mail header. */
export function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

/**
 * A Subject a mail reader shows as it was written. Nodemailer sends a well-formed RFC 2047 encoded
 * word as it stands, so a name typed as `=?utf-8?q?=0D=0ABcc:…?=` would be decoded by the reader
 * into a line break and a Bcc: a subject holding `=?` goes as encoded words of its own, which
 * decode to exactly the characters typed.
 */
function literalSubject(subject: string): string {
  const line = oneLine(subject);
  return line.includes("=?") ? encodeWord(line, "Q", 52) : line;
}

/** An address with its name on one line; a name holding `=?` is left out (an encoded word in it would be decoded too). */
function addressOf(name: string | undefined, address: string): { name: string; address: string } | string {
  const shown = oneLine(name ?? "");
  return shown && !shown.includes("=?") ? { name: shown, address: oneLine(address) } : oneLine(address);
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

/** The mail set up on this server: made once at start-up and handed to what sends (app/lib/services/services.ts). */
export interface OutgoingMail {
  transport: Transporter;
  /** The business's sender address. */
  from: { name: string; address: string };
  /** The owner's addresses (LEADS_NOTIFY_TO). */
  ownerTo: string;
}


/** A file sent with an e-mail (a quote's PDF, a request's photos). */
interface Attachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** What an e-mail to a customer says, as plain text and as HTML with the same words; the envelope is the mailer's. */
export interface CustomerLetter {
  to: { name?: string; address: string };
  subject: string;
  text: string;
  html: string;
  attachments?: Attachment[];
}

/** Why nothing can be e-mailed: no SMTP_URL and LEADS_NOTIFY_TO on this server. */
export class MailNotSetUp extends Error {
  constructor() {
    super("e-mail is not set up on this server");
  }
}

/** Sends a letter to a customer; throws when e-mail is not set up or the mail server refuses it. */
export async function sendToCustomer(mail: OutgoingMail | undefined, business: Pick<Business, "email">, letter: CustomerLetter): Promise<void> {
  if (!mail) throw new MailNotSetUp();
  const to = addressOf(letter.to.name, letter.to.address);
  await mail.transport.sendMail({ from: mail.from, to, replyTo: business.email, subject: literalSubject(letter.subject), ...(await parts(letter)) });
}

/** The text, the HTML beside it, and the attachments: the HTML's logo among them. */
async function parts(letter: { text: string; html?: string; attachments?: Attachment[] }) {
  const attachments = [...(letter.attachments ?? []), ...(letter.html ? [await logoAttachment()] : [])];
  return { text: letter.text, html: letter.html, attachments };
}

/** What an e-mail to the owner says; the envelope is the mailer's. */
export interface OwnerLetter {
  subject: string;
  text: string;
  /** The same words as HTML, on the letter (the weekly summary is plain text alone). */
  html?: string;
  /** Whom his reply goes to (the customer who wrote), when not to the site. */
  replyTo?: { name: string; address: string };
  attachments?: Attachment[];
}

/** Sends a letter to the owner, from the site; throws when e-mail is not set up or the mail server refuses it. */
export async function sendToOwner(mail: OutgoingMail | undefined, letter: OwnerLetter): Promise<void> {
  if (!mail) throw new MailNotSetUp();
  await mail.transport.sendMail({
    from: addressOf(`${mail.from.name} website`, mail.from.address),
    to: mail.ownerTo,
    replyTo: letter.replyTo && addressOf(letter.replyTo.name, letter.replyTo.address),
    subject: literalSubject(letter.subject),
    ...(await parts(letter)),
  });
}
