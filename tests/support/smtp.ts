/** A real SMTP server on loopback that keeps what it receives. */
import { SMTPServer } from "smtp-server";
import { mailTransport } from "../../app/lib/mail/mailer.server.ts";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpOptions {
  /** Refuses each message while it answers a reason (the mail server is full, say). */
  refuse?: () => string | undefined;
  /** Takes each message in and never answers: a send that hangs after its message went over. */
  hold?: boolean;
}

export async function startSmtp(port = 0, options: SmtpOptions = {}) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Closing ends the connections the site's pooled transport keeps open after 0.2 s, not after
    // the 30 s smtp-server waits for them by default (the test is over; nothing is in flight).
    closeTimeout: 200,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        const refused = options.refuse?.();
        if (refused) return callback(Object.assign(new Error(refused), { responseCode: 452 }));
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        if (!options.hold) callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as { port: number };
  return {
    port: address.port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers of a raw message, unfolded, as name → value (lower-case names). */
export function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const map = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) map.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

/** A header's words as written: its RFC 2047 encoded words (=?UTF-8?Q?…?=, =?UTF-8?B?…?=) decoded. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
    );
}

/** A message's subject, decoded. */
export function subjectOf(raw: string): string {
  return decodeHeader(headersOf(raw).get("subject") ?? "");
}

/** The attachments of a raw MIME message: file name and decoded bytes. */
export function attachmentsOf(raw: string): { filename: string; bytes: Buffer }[] {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  return parts
    .filter((part) => /Content-Disposition: attachment/i.test(part))
    .map((part) => {
      const [head, ...body] = part.split(/\r?\n\r?\n/);
      const filename = /filename="?([^";\r\n]+)"?/i.exec(head!)![1]!;
      return { filename, bytes: Buffer.from(body.join("").replace(/\s+/g, ""), "base64") };
    });
}

export async function waitFor<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A real SMTP server on loopback, and the site's mail set up to send to it (one transport, as the
 * server makes it): what a test of an e-mail's job hands the handler; `refuse` makes the server
 * refuse messages, `close` ends both.
 */
export async function startMailServer(addresses = { from: "office@example.com", ownerTo: "office@example.com" }) {
  let refusal: string | undefined;
  const smtp = await startSmtp(0, { refuse: () => refusal });
  const transport = mailTransport(`smtp://127.0.0.1:${smtp.port}`);
  const mail = { transport, from: { name: "Kestrel Roofing", address: addresses.from }, ownerTo: addresses.ownerTo };
  return {
    smtp,
    mail,
    /** From now on the server refuses every message with this reason (undefined: it takes them again). */
    refuse: (reason: string | undefined) => {
      refusal = reason;
    },
    close: async () => {
      transport.close();
      await smtp.close();
    },
  };
}


/** A part of a MIME message: its type, its headers, its text decoded (text parts), and the parts inside it. */
export interface MimePart {
  type: string;
  headers: Map<string, string>;
  text: string;
  parts: MimePart[];
}

function decodeBody(body: string, encoding = ""): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    return body.replace(/=\r?\n/g, "").replace(/(=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
  }
  return body;
}

/** A raw message (or one part of it) as a tree of parts, text parts decoded. */
export function mimeOf(raw: string): MimePart {
  const headers = headersOf(raw);
  const type = (headers.get("content-type") ?? "text/plain").split(";")[0]!.trim().toLowerCase();
  const body = raw.split(/\r?\n\r?\n/).slice(1).join("\r\n\r\n");
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  if (type.startsWith("multipart/") && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1, -1);
    return { type, headers, text: "", parts: pieces.map((piece) => mimeOf(piece.replace(/^\r?\n/, ""))) };
  }
  return { type, headers, text: type.startsWith("text/") ? decodeBody(body, headers.get("content-transfer-encoding")) : "", parts: [] };
}

/** Every part of a message, outermost first. */
export function allParts(part: MimePart): MimePart[] {
  return [part, ...part.parts.flatMap(allParts)];
}

/**
 * The two readings of an e-mail written on the letter: its plain text and its HTML, both found
 * inside its multipart/alternative (the HTML may sit in a multipart/related with its logo).
 * Throws when the message is not so.
 */
export function letterParts(raw: string): { text: string; html: string; logo: MimePart | undefined } {
  const alternative = allParts(mimeOf(raw)).find((part) => part.type === "multipart/alternative");
  if (!alternative) throw new Error("The e-mail is not multipart/alternative");
  const inside = allParts(alternative);
  const text = inside.find((part) => part.type === "text/plain");
  const html = inside.find((part) => part.type === "text/html");
  if (!text || !html) throw new Error("The e-mail lacks a plain-text or an HTML part");
  const logo = allParts(mimeOf(raw)).find((part) => part.type === "image/png" && part.headers.has("content-id"));
  return { text: text.text, html: html.text, logo };
}
