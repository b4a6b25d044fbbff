/**
 * E-mails each stored request to the business. A request is stored first; this only reports it.
 * The e-mail is a row of the one queue (app/lib/jobs/jobs.server.ts), committed with the request. A
 * failed send leaves the request "pending" and the row is tried again later, with a growing
 * pause, so an e-mail outage never loses a request (it stays visible in `npm run leads`). The
 * request shows how its e-mail went: pending, then sent, with its attempts and last error.
 */
import type { DatabaseSync } from "node:sqlite";
import { enqueue, type JobHandler } from "../jobs/jobs.server.ts";
import { leadById, type Lead } from "./lead.ts";
import { photoPath, photosOf, type PhotoDb } from "./photo-store.server.ts";
import { oneLine, sendToOwner, type OutgoingMail, type OwnerLetter } from "../mail/mailer.server.ts";
import { referenceOf } from "../forms/reference.ts";
import { writeLetter, type LetterBusiness, type Link } from "../mail/letter.ts";
import { dayAndTime, sentence } from "../time/words.ts";
import { pageOrigin } from "../public-site/page-origin.server.ts";
import { photoForMail } from "../photos/photos.server.ts";
import { statement } from "../db/statements.ts";

const OWNER_MAIL = "owner-mail";
/** Each request is e-mailed to the owner once: its row is found by this key. */
const onceKey = (leadId: number) => `${OWNER_MAIL}:${leadId}`;

/** Queues the owner's e-mail of a request just stored, in the request's transaction. */
export function queueOwnerMail(db: DatabaseSync, leadId: number, now: Date) {
  enqueue(db, { kind: OWNER_MAIL, payload: { leadId }, runAt: now, onceKey: onceKey(leadId), now });
}

/**
 * Gives every request still waiting for its e-mail a row in the queue, keeping its tries so far
 * and its next try: those stored by a version that sent them from a loop of its own. Run at start;
 * a request that has its row is left alone. Returns how many were queued.
 */
export function queueWaitingOwnerMail(db: DatabaseSync): number {
  const queued = db
    .prepare(
      `INSERT OR IGNORE INTO jobs (kind, payload, once_key, created_at, run_at, attempts, last_error)
       SELECT ?, json_object('leadId', id), ? || ':' || id, created_at, COALESCE(next_attempt_at, created_at), attempts, last_error
       FROM leads WHERE delivery = 'pending'`,
    )
    .run(OWNER_MAIL, OWNER_MAIL).changes;
  return Number(queued);
}

/**
 * "Send e-mail again": the request's e-mail, still waiting, is tried now instead of after its
 * pause. Call it inside a transaction; false when the request's e-mail is not waiting.
 */
export function sendOwnerMailNow(db: DatabaseSync, leadId: number, now: Date): boolean {
  const at = now.toISOString();
  const changed = statement(db, "UPDATE leads SET next_attempt_at = ? WHERE id = ? AND delivery = 'pending'").run(at, leadId).changes;
  if (!Number(changed)) return false;
  const waiting = statement(db, "UPDATE jobs SET run_at = ? WHERE once_key = ? AND done_at IS NULL").run(at, onceKey(leadId)).changes;
  if (!Number(waiting)) {
    // A request left waiting without its row (none should be) gets a new one.
    statement(db, "DELETE FROM jobs WHERE once_key = ?").run(onceKey(leadId));
    queueOwnerMail(db, leadId, now);
  }
  return true;
}

/** A tel: link for a number as a visitor typed it, when it has digits enough to dial. */
function dialLink(phone: string): Link | string {
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return /^\+?\d{6,15}$/.test(digits) ? { words: phone, href: `tel:${digits}` } : phone;
}

/** "the Watford town page"; a page the site no longer has is just "the website". */
function fromPage(path: string): string {
  const origin = pageOrigin(path);
  return origin.group === "other" ? "the website" : `the ${origin.name}`;
}

/**
 * The owner's e-mail of a request: who, when and from which page, a button that opens it on the
 * site, all the visitor wrote, its photos attached; his reply goes to the visitor.
 */
export function ownerLetter(lead: Lead, business: LetterBusiness, siteUrl: string, photos: Buffer[] = []): OwnerLetter {
  const kind = lead.form === "quote" ? "quote request" : "contact request";
  const reference = referenceOf(lead.id);
  const name = oneLine(lead.name);
  const letter = writeLetter({
    business,
    siteUrl,
    subject: `New ${kind} ${reference} from ${name}`,
    foot: false,
    body: [
      `A new ${kind} came in from ${fromPage(lead.page)} on ${dayAndTime(lead.createdAt, new Date(lead.createdAt))}.`,
      { button: { words: `Open ${reference}, ${name}`, href: `${siteUrl}/admin/requests/${lead.id}` } },
      {
        facts: [
          { label: "Name", value: lead.name },
          { label: "E-mail", value: { words: lead.email, href: `mailto:${lead.email}` } },
          { label: "Phone", value: dialLink(lead.phone) },
          { label: lead.form === "quote" ? "Property address" : "Postcode", value: lead.location || "not given" },
        ],
      },
      "Their message:",
      { quoted: lead.message },
      ...(photos.length ? [`Photos: ${photos.length} attached.`] : []),
      sentence(`Reply to this e-mail and your answer goes straight to ${name}`),
    ],
  });
  return {
    replyTo: { name: lead.name, address: lead.email },
    ...letter,
    attachments: photos.map((content, i) => ({ filename: `photo-${i + 1}.jpg`, content, contentType: "image/jpeg" })),
  };
}

/** The request's photos, made small enough to attach; a photo deleted meanwhile is left out. */
async function photosForMail(store: PhotoDb, leadId: number): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (const photo of photosOf(store, leadId)) {
    const file = photoPath(store, photo.id);
    if (file) photos.push(await photoForMail(file).catch(() => Buffer.alloc(0)));
  }
  return photos.filter((photo) => photo.length > 0);
}

/** How long a request's e-mail waits, untried, while e-mail is not set up on this server. */
const NOT_SET_UP_WAIT_MS = 60 * 60 * 1000;

/**
 * The queue's handler for the owner's e-mail (`businessNow`: the business facts published when
 * it goes; `siteUrl`: the site's address, where its button leads); its outcome is written on the request too (sent,
 * or its attempts, its next try and its last error). Never given up: a request is the business.
 * A server started without e-mail tries none (a request stored then is not e-mailed, "none");
 * those waiting from before stay waiting, untried.
 */
export function ownerMailHandler(store: PhotoDb, businessNow: () => LetterBusiness, siteUrl: string, mail: OutgoingMail | undefined): Record<string, JobHandler> {
  return {
    [OWNER_MAIL]: async (job, now) => {
      const leadId = Number(job.payload.leadId);
      const lead = leadById(store, leadId);
      if (!lead) return { outcome: "not sent: request deleted" };
      if (lead.delivery !== "pending") return { outcome: `not needed: its e-mail is ${lead.delivery}` };
      if (!mail) return { holdUntil: new Date(now.getTime() + NOT_SET_UP_WAIT_MS) };
      await sendToOwner(mail, ownerLetter(lead, businessNow(), siteUrl, await photosForMail(store, leadId)));
      return {
        outcome: "sent",
        commit: () => statement(store.db, "UPDATE leads SET delivery = 'sent', attempts = attempts + 1, next_attempt_at = NULL, last_error = NULL WHERE id = ?").run(leadId),
      };
    },
    // The runner logs the failure; the request shows it.
    [`${OWNER_MAIL}:failed`]: (job) => ({
      commit: () =>
        statement(store.db, "UPDATE leads SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ? AND delivery = 'pending'").run(
          job.lastError,
          job.runAt,
          Number(job.payload.leadId),
        ),
    }),
  };
}
