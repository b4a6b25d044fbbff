/**
 * A survey the visitor booked online himself, with survey bookings on, for the sweeps that check
 * every page: his own page with Move and Cancel, and those two pages. `restore` puts the owner's
 * rules back as they were, for a server other tests share.
 */
import { fileContent } from "../../app/content/index.ts";
import { customerPagePath, customerPageToken } from "../../app/lib/links/page-links.server.ts";
import type { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { offeredTimes } from "../../app/lib/visits/offered-times.server.ts";
import { defaultRules } from "../../app/lib/visits/survey-rules.ts";
import { saveSurveyRules, surveyRules } from "../../app/lib/visits/survey-rules.server.ts";
import { insertVisit } from "../../app/lib/visits/visits.server.ts";

const DAY = 86_400_000;
const HITCHIN = { page: "/areas/roofers-in-hitchin/", location: "12 Bancroft, Hitchin SG5 1JW" };

/** Turns survey bookings on with the default rules; what it returns puts the owner's rules back as they were. */
export function bookingsOn(store: LeadStore): (store: LeadStore) => void {
  const hours = fileContent.business.openingHours;
  const before = surveyRules(store, hours);
  saveSurveyRules(store, { ...defaultRules(hours), on: true }, new Date());
  return (later) => {
    if (before.saved) saveSurveyRules(later, before.rules, new Date());
    else later.db.exec("DELETE FROM survey_hours; DELETE FROM survey_rules");
  };
}

export function selfBookedSurvey(store: LeadStore): { paths: string[]; restore: (store: LeadStore) => void } {
  const restore = bookingsOn(store);
  const leadId = store.add({ form: "quote", ...HITCHIN, name: "Sweep Booker", email: "booker@example.org", phone: "01462 000002", message: "Slipped tiles." }, { notify: false }).id;
  // A free time three days on or later, so Move and Cancel are his for a while yet.
  const [time] = offeredTimes(store, fileContent, HITCHIN, new Date())
    .times.filter((one) => one.start.getTime() > Date.now() + 3 * DAY)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const visit = insertVisit(store.db, { leadId, kind: "survey", start: time!.start, end: time!.end, notes: "", told: "e-mail", bookedBy: "customer", now: new Date() });
  const page = customerPagePath(customerPageToken(store, leadId)!);
  return { paths: [page, `${page}/visits/${visit.id}/move`, `${page}/visits/${visit.id}/cancel`], restore };
}
