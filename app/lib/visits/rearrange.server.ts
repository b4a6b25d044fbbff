/**
 * Ask to rearrange, on the customer's page: their words about a booked visit of their request.
 * Nothing in the diary changes. The words are stored with a line in the request's history, the
 * owner's devices get a push that names the customer but not the words, and the owner an e-mail
 * with them, both through the one queue. The visit carries a mark until it moves. At most five a
 * day from one request, so a page left open cannot flood the owner.
 */
import type { Db } from "../db/connection.server.ts";
import { referenceOf } from "../forms/reference.ts";
import { enqueue, type JobHandler } from "../jobs/jobs.server.ts";
import { writeLetter, type LetterBusiness } from "../mail/letter.ts";
import { oneLine, sendToOwner, type OutgoingMail } from "../mail/mailer.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import { leadById } from "../requests/lead.ts";
import { queuePush, shortName } from "../jobs/push.server.ts";
import { startOfUkDay } from "../time/uk-time.ts";
import { REARRANGE_MAX } from "./limits.ts";
import { visitById } from "./visits.server.ts";
import { KIND_NAMES, whenWords } from "./words.ts";

export const REARRANGE_PER_DAY = 5;
const KIND = "rearrange-mail";

export type Asked = { ok: true } | { ok: false; error: string };

export function askToRearrange(store: Db, leadId: number, visitId: number, typed: string, now: Date = new Date()): Asked {
  const words = typed.trim();
  if (!words) return { ok: false, error: "Say what would suit you better, such as another day or time." };
  if (words.length > REARRANGE_MAX) return { ok: false, error: `At most ${REARRANGE_MAX.toLocaleString("en-GB")} characters.` };
  const visit = visitById(store, visitId);
  if (!visit || visit.leadId !== leadId || visit.status !== "booked") return { ok: false, error: "This visit cannot be rearranged here any more: please call us." };
  return store.inTransaction(() => {
    const today = store.db.prepare("SELECT COUNT(*) AS n FROM rearrange_requests WHERE lead_id = ? AND asked_at >= ?").get(leadId, startOfUkDay(now).toISOString()) as { n: number };
    if (today.n >= REARRANGE_PER_DAY) return { ok: false as const, error: "We have your messages for today. Please call us if it is urgent." };
    const id = Number(store.db.prepare("INSERT INTO rearrange_requests (visit_id, lead_id, asked_at, words) VALUES (?, ?, ?, ?)").run(visitId, leadId, now.toISOString(), words).lastInsertRowid);
    const when = whenWords(new Date(visit.startAt), new Date(visit.endAt), now);
    recordAudit(store, { actor: "the customer", action: "asked to rearrange the visit", leadId, detail: `${KIND_NAMES[visit.kind]}, ${when}: “${words}”`, now });
    const lead = leadById(store, leadId)!;
    queuePush(store.db, { title: "Asked to rearrange a visit", body: `${shortName(lead.name)} · ${KIND_NAMES[visit.kind]}, ${when.split(",")[0]}`, url: `/admin/requests/${leadId}`, tag: `request-${leadId}` }, now);
    enqueue(store.db, { kind: KIND, payload: { rearrangeId: id, leadId }, runAt: now, now });
    return { ok: true as const };
  });
}

/** The customer's latest words about a visit since it last changed: the mark it carries until it moves. */
export function askedSince(store: Db, visit: { id: number; changedAt: string }): string | undefined {
  const row = store.db.prepare("SELECT words FROM rearrange_requests WHERE visit_id = ? AND asked_at >= ? ORDER BY asked_at DESC, id DESC LIMIT 1").get(visit.id, visit.changedAt) as { words: string } | undefined;
  return row?.words;
}

/** The owner's e-mail with the customer's words; his reply goes to the customer. */
export function rearrangeHandler(store: Db, business: () => LetterBusiness, siteUrl: string, mail: OutgoingMail | undefined): Record<string, JobHandler> {
  return {
    [KIND]: async (job, now) => {
      const row = store.db.prepare("SELECT visit_id AS visitId, lead_id AS leadId, words FROM rearrange_requests WHERE id = ?").get(Number(job.payload.rearrangeId)) as { visitId: number; leadId: number; words: string } | undefined;
      const lead = row && leadById(store, row.leadId);
      const visit = row && visitById(store, row.visitId);
      if (!row || !lead || !visit) return { outcome: "not sent: request deleted" };
      if (!mail) return { outcome: "not sent: e-mail is not set up" };
      const name = oneLine(lead.name);
      const reference = referenceOf(lead.id);
      const when = whenWords(new Date(visit.startAt), new Date(visit.endAt), now);
      const letter = writeLetter({
        business: business(),
        siteUrl,
        subject: `${reference}: ${name} asks to rearrange a visit`,
        foot: false,
        body: [
          `${name} asked to rearrange the ${KIND_NAMES[visit.kind].toLowerCase()} on ${when}. Nothing in your diary has changed.`,
          "Their words:",
          { quoted: row.words },
          { button: { words: `Open ${reference}, ${name}`, href: `${siteUrl}/admin/requests/${lead.id}` } },
        ],
      });
      await sendToOwner(mail, { ...letter, replyTo: lead.email ? { name: lead.name, address: lead.email } : undefined });
      return { outcome: "sent" };
    },
  };
}
