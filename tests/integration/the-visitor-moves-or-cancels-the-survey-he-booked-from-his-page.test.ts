/**
 * Issue 38 §3 through the real server and real SMTP: a survey the visitor booked online is moved or
 * cancelled by him from his page (/c/) up to 24 hours before it starts. Moved: one invitation with
 * the same UID and SEQUENCE one higher, and the owner's e-mail. Cancelled after a second yes:
 * METHOD:CANCEL, and the owner's e-mail. Refused, with nothing changed: within 24 hours (the page
 * offers Ask to rearrange), a visit the owner booked, a time taken since the page was shown, a
 * forged link. Each POST sent twice with one key is applied once.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { customerPagePath, customerPageToken } from "~/lib/links/page-links.server.ts";
import { offeredTimes } from "~/lib/visits/offered-times.server.ts";
import { defaultRules } from "~/lib/visits/survey-rules.ts";
import { saveSurveyRules } from "~/lib/visits/survey-rules.server.ts";
import { insertVisit, type Visit } from "~/lib/visits/visits.server.ts";
import { serverWithOwnerAndMail, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import type { RunningServer } from "../support/server.ts";
import { allParts, mimeOf, subjectOf, waitFor, type ReceivedMail } from "../support/smtp.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let stop: () => Promise<void>;

const OWNER = "office@example.com";
const HOUR = 3_600_000;
const HITCHIN = { page: "/areas/roofers-in-hitchin/", location: "12 Bancroft, Hitchin SG5 1JW" };

beforeAll(async () => {
  ({ smtp, server, stop } = await serverWithOwnerAndMail(OWNER));
  withStore(server.dataDir, (store) => saveSurveyRules(store, { ...defaultRules(fileContent.business.openingHours), on: true }, new Date()));
}, 90_000);
afterAll(() => stop());

/** The customer's browser: no sign-in. */
const post = (path: string, fields: [string, string][]) => fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url }, redirect: "manual" });
const page = async (path: string) => (await (await fetch(`${server.url}${path}`)).text()).replaceAll("<!-- -->", "");
const visitOf = (id: number) => withStore(server.dataDir, (store) => store.db.prepare("SELECT start_at AS startAt, status, sequence, uid FROM visits WHERE id = ?").get(id) as Pick<Visit, "startAt" | "status" | "sequence" | "uid">);
/** The audit lines of the request that the action `name` wrote, in its words: one per change applied. */
const linesNamed = (leadId: number, name: string) => withStore(server.dataDir, (store) => store.db.prepare("SELECT actor, action FROM audit WHERE lead_id = ? AND action_name = ? ORDER BY id").all(leadId, name).map((row) => ({ ...row })));
const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
const ownerSubjects = (words: string) => smtp.messages.filter((mail) => mail.to.includes(OWNER) && subjectOf(mail.raw).startsWith(words)).map((mail) => subjectOf(mail.raw));
const icsOf = (mail: ReceivedMail) => allParts(mimeOf(mail.raw)).find((part) => part.type === "text/calendar")!.text.replace(/\r\n /g, "");
const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)\\r?$`, "m").exec(ics)?.[1];

/** A free survey time at least `days` days on, as the times offered say now. */
function freeTime(days: number, skip = 0) {
  return withStore(server.dataDir, (store) => {
    const times = offeredTimes(store, fileContent, HITCHIN, new Date()).times.filter((time) => time.start.getTime() > Date.now() + days * 24 * HOUR);
    return times.sort((a, b) => a.start.getTime() - b.start.getTime())[skip]!;
  });
}

/** A request from the Hitchin page with one survey at `start`, booked by the customer online unless said; its page's address and the visit's id. */
function surveyBooked(email: string, start: Date, bookedBy: Visit["bookedBy"] = "customer") {
  return withStore(server.dataDir, (store) => {
    const leadId = store.add({ form: "quote", ...HITCHIN, name: "Margaret Hale", email, phone: "01462 555123", message: "Slipped tiles." }, { notify: false }).id;
    const visit = insertVisit(store.db, { leadId, kind: "survey", start, end: new Date(start.getTime() + 45 * 60_000), notes: "", told: "e-mail", bookedBy, now: new Date() });
    return { leadId, visitId: visit.id, path: customerPagePath(customerPageToken(store, leadId)!) };
  });
}

it("moves the survey he booked to a free time: one invitation, the same UID, SEQUENCE higher, and the owner told; twice with one key moves once", async () => {
  const { leadId, visitId, path } = surveyBooked("mover@example.org", freeTime(3).start);
  const before = visitOf(visitId);
  const own = await page(path);
  expect([own.includes(`href="${path}/visits/${visitId}/move"`), own.includes(`href="${path}/visits/${visitId}/cancel"`)]).toEqual([true, true]);
  expect(own.includes(`name="visit" value="${visitId}"`), "Move and Cancel stand in for Ask to rearrange").toBe(false);

  const movePage = await page(`${path}/visits/${visitId}/move`);
  const offers = (html: string, start: string) => html.includes(`name="start" value="${start}"`);
  const target = freeTime(3, 2).start.toISOString();
  expect(offers(movePage, target), "the free times as radios").toBe(true);
  expect(offers(movePage, before.startAt), "his own time is not offered as a new one").toBe(false);
  const fields = typeInto(formFields(movePage, 'name="start"'), { start: target });

  const first = await post(`${path}/visits/${visitId}/move`, fields);
  expect(first.status).toBe(303);
  expect(first.headers.get("location")).toBe(`${path}?moved=${visitId}#visit-${visitId}`);
  const again = await post(`${path}/visits/${visitId}/move`, fields);
  expect([again.status, again.headers.get("location")], "the same key gets the first answer").toEqual([303, first.headers.get("location")]);

  const after = visitOf(visitId);
  expect(after).toEqual({ ...before, startAt: target, sequence: before.sequence + 1 });
  expect(linesNamed(leadId, "visit.customer-move"), "one change, through the one way in").toEqual([{ actor: "the customer", action: "moved a visit" }]);
  const invitation = await waitFor(() => mailsTo("mover@example.org")[0]);
  const ics = icsOf(invitation);
  expect([field(ics, "UID"), field(ics, "SEQUENCE"), field(ics, "METHOD")]).toEqual([before.uid, "1", "REQUEST"]);
  await waitFor(() => ownerSubjects("Survey moved by the customer").length === 1, 20_000);
  expect(ownerSubjects("Survey moved by the customer")[0]).toMatch(/^Survey moved by the customer: \w+ \d+ \w+, \d+:\d\d, Hitchin, Margaret Hale$/);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(mailsTo("mover@example.org"), "one invitation").toHaveLength(1);
  expect(ownerSubjects("Survey moved by the customer"), "the owner told once").toHaveLength(1);
  expect((await page(`${path}?moved=${visitId}`)).includes("Your survey is moved: the new time is below.")).toBe(true);
});

it("cancels the survey he booked after a second yes: METHOD:CANCEL, and the owner told; twice with one key cancels once", async () => {
  const { leadId, visitId, path } = surveyBooked("canceller@example.org", freeTime(4).start);
  const before = visitOf(visitId);
  const question = await page(`${path}/visits/${visitId}/cancel`);
  expect(question.includes("Cancel your survey?")).toBe(true);
  expect(visitOf(visitId).status, "the page only asks").toBe("booked");
  const fields = typeInto(formFields(question, "cancel-survey"), { intent: "cancel-survey" });
  const first = await post(`${path}/visits/${visitId}/cancel`, fields);
  expect([first.status, first.headers.get("location")]).toEqual([303, `${path}?cancelled=${visitId}#visit-${visitId}`]);
  expect((await post(`${path}/visits/${visitId}/cancel`, fields)).headers.get("location")).toBe(first.headers.get("location"));
  expect(visitOf(visitId)).toEqual({ ...before, status: "cancelled", sequence: before.sequence + 1 });
  expect(linesNamed(leadId, "visit.customer-cancel")).toEqual([{ actor: "the customer", action: "cancelled a visit" }]);
  const cancellation = await waitFor(() => mailsTo("canceller@example.org")[0]);
  expect([field(icsOf(cancellation), "METHOD"), field(icsOf(cancellation), "UID")]).toEqual(["CANCEL", before.uid]);
  await waitFor(() => ownerSubjects("Survey cancelled by the customer").length === 1, 20_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(mailsTo("canceller@example.org")).toHaveLength(1);
  expect(ownerSubjects("Survey cancelled by the customer")).toHaveLength(1);
});

it("within 24 hours, and for a visit the owner booked, offers Ask to rearrange and refuses Move and Cancel, changing nothing", async () => {
  const soon = surveyBooked("soon@example.org", new Date(Date.now() + 20 * HOUR));
  const owners = surveyBooked("owners@example.org", freeTime(5).start, "owner");
  const free = freeTime(3, 4).start.toISOString();
  for (const [{ visitId, path }, why] of [
    [soon, "Your survey is less than 24 hours away, so it can no longer be changed here: ask to rearrange it from your page, or call us."],
    [owners, "We booked this visit with you, so we change it: ask to rearrange it from your page, or call us."],
  ] as const) {
    const before = visitOf(visitId);
    const own = await page(path);
    expect([own.includes(`name="visit" value="${visitId}"`), own.includes(`${path}/visits/${visitId}/move`)], "Ask to rearrange, and no Move").toEqual([true, false]);
    for (const asked of ["move", "cancel"]) {
      const shown = await page(`${path}/visits/${visitId}/${asked}`);
      expect([shown.includes(why), shown.includes('name="start"'), shown.includes("cancel-survey")], `${asked} says why, and offers nothing`).toEqual([true, false, false]);
    }
    const moved = await post(`${path}/visits/${visitId}/move`, [["start", free]]);
    expect(moved.status).toBe(409);
    expect((await moved.text()).includes(why)).toBe(true);
    expect((await post(`${path}/visits/${visitId}/cancel`, [["intent", "cancel-survey"]])).status).toBe(409);
    expect(visitOf(visitId)).toEqual(before);
  }
  expect(mailsTo("soon@example.org")).toEqual([]);
  expect(mailsTo("owners@example.org")).toEqual([]);
});

it("refuses a time taken since the page was shown, and a forged link or another request's visit with a 404", async () => {
  const { visitId, path } = surveyBooked("late@example.org", freeTime(3).start);
  const before = visitOf(visitId);
  const movePage = await page(`${path}/visits/${visitId}/move`);
  const taken = freeTime(3, 1).start;
  expect(movePage.includes(`value="${taken.toISOString()}"`)).toBe(true);
  // The owner books that time by hand for someone else after the page was shown.
  surveyBooked("other@example.org", taken, "owner");
  const refused = await post(`${path}/visits/${visitId}/move`, typeInto(formFields(movePage, 'name="start"'), { start: taken.toISOString() }));
  expect(refused.status).toBe(409);
  const html = await refused.text();
  expect(html.includes("Sorry, that time has just gone")).toBe(true);
  expect(html.includes(`value="${taken.toISOString()}"`), "the times offered again, without the one gone").toBe(false);
  expect(visitOf(visitId)).toEqual(before);

  // No time chosen, or one that is no time: said above the times, nothing changed.
  for (const fields of [[], [["start", "next Tuesday"]]] as [string, string][][]) {
    const unchosen = await post(`${path}/visits/${visitId}/move`, fields);
    expect(unchosen.status).toBe(400);
    expect((await unchosen.text()).includes('class="field-error">Choose a new time.</p>')).toBe(true);
  }
  expect(visitOf(visitId)).toEqual(before);

  const forged = `/c/${"A".repeat(43)}/visits/${visitId}`;
  expect((await fetch(`${server.url}${forged}/move`)).status).toBe(404);
  expect((await post(`${forged}/move`, [["start", freeTime(3).start.toISOString()]])).status).toBe(404);
  expect((await post(`${forged}/cancel`, [["intent", "cancel-survey"]])).status).toBe(404);
  const other = surveyBooked("someone@example.org", freeTime(6).start);
  expect((await fetch(`${server.url}${path}/visits/${other.visitId}/move`)).status, "a visit of another request").toBe(404);
  expect((await post(`${path}/visits/${other.visitId}/cancel`, [["intent", "cancel-survey"]])).status).toBe(404);
  expect([visitOf(visitId), visitOf(other.visitId).status]).toEqual([before, "booked"]);
  expect(mailsTo("late@example.org")).toEqual([]);
});
