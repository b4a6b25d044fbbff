/** A real SMTP server on loopback that keeps what it receives. */
import { SMTPServer } from "smtp-server";
import { mailTransport } from "../../app/lib/mailer.server.ts";

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

