/**
 * The visitor hears back at once: an e-mail that their request arrived, with its reference, the
 * quote-reply promise, the emergency number, the office hours and the privacy notice, all from the
 * business facts.
 *
 * The form must not become a way to mail a stranger someone else's words, so the e-mail holds
 * nothing the visitor typed (not even the name), one address gets at most one an hour, and the
 * whole site sends at most `hourlyCap` an hour. Whether one was sent, and when, is on the request.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Business } from "../../content/schema.ts";
import { referenceOf } from "../forms/reference.ts";
import { enqueue, type JobHandler } from "../jobs/jobs.server.ts";
import type { AckState } from "./lead.ts";
import { sendToCustomer, type OutgoingMail } from "../mail/mailer.server.ts";
import { customerPageLink, writeLetter, type Letter, type LetterBusiness } from "../mail/letter.ts";
import { customerPageUrl } from "../links/page-links.server.ts";
import { sentence } from "../time/words.ts";
import { hoursSpanWords } from "../time/clock-words.ts";
import { statement } from "../db/statements.ts";
import type { KeyedDb } from "../db/connection.server.ts";

const HOUR = 60 * 60 * 1000;
/** An acknowledgement not sent within a day is no longer news: it is given up. */
const GIVE_UP_AFTER = 24 * HOUR;


export interface AckOptions {
  /** Whether e-mail is set up. */
  mail: boolean;
  /** Acknowledgements the whole site may send in an hour. */
  hourlyCap: number;
  now: Date;
}

/**
 * Decides, inside the request's transaction, whether it gets an acknowledgement, records that on
 * the request and queues the e-mail. Returns the decision.
 */
export function queueAcknowledgement(db: DatabaseSync, lead: { id: number; email: string }, options: AckOptions): AckState {
  const hourAgo = new Date(options.now.getTime() - HOUR).toISOString();
  let state: AckState = "queued";
  if (!options.mail) state = "none";
  else if (
    statement(db, "SELECT 1 FROM leads WHERE ack IN ('queued', 'sent') AND created_at >= ? AND email = ? COLLATE NOCASE AND id <> ? LIMIT 1")
      .get(hourAgo, lead.email, lead.id)
  ) {
    state = "held-address";
  } else {
    const { n } = statement(db, "SELECT COUNT(*) AS n FROM leads WHERE ack IN ('queued', 'sent') AND created_at >= ?").get(hourAgo) as { n: number };
    if (n >= options.hourlyCap) state = "held-hourly";
  }
  statement(db, "UPDATE leads SET ack = ? WHERE id = ?").run(state, lead.id);
  if (state === "queued") {
    enqueue(db, { kind: "ack", payload: { leadId: lead.id }, runAt: options.now, giveUpAt: new Date(options.now.getTime() + GIVE_UP_AFTER), now: options.now });
  }
  return state;
}

type AckBusiness = LetterBusiness & Pick<Business, "openingHours" | "claims">;

/**
 * The acknowledgement: every word from the business facts; only the reference is the request's.
 * It goes to an address nobody has confirmed, so it greets no one by name, and the link to the
 * customer's page (`page`) shows only the reference and the date until the owner has answered.
 */
export function acknowledgementEmail(leadId: number, business: AckBusiness, siteUrl: string, page: string): Letter {
  const reference = referenceOf(leadId);
  const hours = business.openingHours.map((row) => `${row.label}: ${row.opens && row.closes ? hoursSpanWords(row.opens, row.closes) : "Closed"}`);
  return writeLetter({
    business,
    siteUrl,
    subject: `We have your request ${reference} – ${business.name}`,
    body: [
      `Thank you for contacting ${business.name}. Your request has reached us.`,
      `Your reference: ${reference}`,
      customerPageLink(page),
      `${sentence(business.claims.quoteReply)} We will be in touch by phone or e-mail.`,
      `A roof emergency? ${sentence(business.claims.emergency)}`,
      { button: { words: `Call ${business.phone.display}`, href: `tel:${business.phone.e164}` } },
      { lines: ["Our office hours:", ...hours] },
      sentence(business.claims.emergencyLine),
      { link: { words: "How we look after what you sent us", href: `${siteUrl}/privacy` } },
      "If you did not contact us, someone typed your address by mistake: you need do nothing, and you will not hear from us again.",
    ],
  });
}

/**
 * The queue's handler for "ack": sends the acknowledgement, unless the request is gone or spam.
 * `businessNow`: the business facts published when it is sent.
 */
export function acknowledgementHandler(store: KeyedDb, businessNow: () => AckBusiness, siteUrl: string, mail: OutgoingMail | undefined): Record<string, JobHandler> {
  return {
    ack: async (job, now) => {
      const leadId = Number(job.payload.leadId);
      const lead = store.db.prepare("SELECT email, status FROM leads WHERE id = ?").get(leadId) as { email: string; status: string } | undefined;
      if (!lead) return { outcome: "not sent: request deleted" };
      if (lead.status === "spam") {
        return { outcome: "not sent: spam", commit: () => store.db.prepare("UPDATE leads SET ack = 'spam' WHERE id = ?").run(leadId) };
      }
      const page = customerPageUrl(store, siteUrl, leadId);
      if (!page) return { outcome: "not sent: request deleted" };
      const business = businessNow();
      await sendToCustomer(mail, business, { to: { address: lead.email }, ...acknowledgementEmail(leadId, business, siteUrl, page) });
      return { outcome: "sent", commit: () => store.db.prepare("UPDATE leads SET ack = 'sent', ack_at = ? WHERE id = ?").run(now.toISOString(), leadId) };
    },
    "ack:gave-up": (job) => ({
      commit: () => store.db.prepare("UPDATE leads SET ack = 'failed' WHERE id = ? AND ack = 'queued'").run(Number(job.payload.leadId)),
    }),
  };
}
