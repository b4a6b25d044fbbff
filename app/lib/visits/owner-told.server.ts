/**
 * The owner told of what a customer did to a survey himself (issue 38): booked it online, moved it
 * or cancelled it. In the change's transaction, a push now and an e-mail through the one queue,
 * each naming the survey as "Tuesday 2 December, 10:00, Hitchin, Margaret Hale" (the push with the
 * customer's short name, as every push names them). His reply to the e-mail goes to the customer.
 */
import type { Content } from "../../content/load.ts";
import type { Db } from "../db/connection.server.ts";
import { referenceOf } from "../forms/reference.ts";
import { enqueue, type JobHandler } from "../jobs/jobs.server.ts";
import { queuePush, shortName } from "../jobs/push.server.ts";
import { writeLetter, type LetterBusiness } from "../mail/letter.ts";
import { oneLine, sendToOwner, type OutgoingMail } from "../mail/mailer.server.ts";
import { leadById, type Lead } from "../requests/lead.ts";
import { ukClock, ukDate } from "../time/uk-time.ts";
import { visitorTown } from "./visitor-town.ts";
import type { Visit } from "./visits.server.ts";
import { clockWords, dayWords } from "./words.ts";

const KIND = "customer-visit-change-mail";

/** "Tuesday 2 December, 10:00": the day and time a survey starts, in the owner's words. */
export function surveyStart(visit: Pick<Visit, "startAt">, now: Date): string {
  const start = new Date(visit.startAt);
  return `${dayWords(ukDate(start), now)}, ${clockWords(ukClock(start).minutes)}`;
}

/** The visitor's town by name: the request's landing page's, or its postcode's nearest. */
function townOf(lead: Pick<Lead, "page" | "location">, content: Content): string {
  const slug = visitorTown(lead, content.areas);
  return content.areas.find((area) => area.slug === slug)?.name ?? slug;
}

/** Tells the owner `title` of the survey: a push now, and an e-mail saying `detail` through the queue. */
export function tellOwner(store: Db, content: Content, lead: Lead, visit: Pick<Visit, "startAt">, title: string, detail: string, now: Date) {
  const where = `${surveyStart(visit, now)}, ${townOf(lead, content)}`;
  queuePush(store.db, { title, body: `${where}, ${shortName(lead.name)}`, url: `/admin/requests/${lead.id}`, tag: `request-${lead.id}` }, now);
  enqueue(store.db, { kind: KIND, payload: { leadId: lead.id, subject: `${title}: ${where}, ${oneLine(lead.name)}`, detail }, runAt: now, now });
}

/** The owner's e-mail of what the customer did; his reply goes to the customer. */
export function ownerToldHandler(store: Db, business: () => LetterBusiness, siteUrl: string, mail: OutgoingMail | undefined): Record<string, JobHandler> {
  return {
    [KIND]: async (job) => {
      const lead = leadById(store, Number(job.payload.leadId));
      if (!lead) return { outcome: "not sent: request deleted" };
      if (!mail) return { outcome: "not sent: e-mail is not set up" };
      const letter = writeLetter({
        business: business(),
        siteUrl,
        subject: String(job.payload.subject),
        foot: false,
        body: [String(job.payload.detail), { button: { words: `Open ${referenceOf(lead.id)}, ${oneLine(lead.name)}`, href: `${siteUrl}/admin/requests/${lead.id}` } }],
      });
      await sendToOwner(mail, { ...letter, replyTo: lead.email ? { name: lead.name, address: lead.email } : undefined });
      return { outcome: "sent" };
    },
  };
}
