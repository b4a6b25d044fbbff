/**
 * Issue 27 §1–4 through the real server and real SMTP. Book a visit says what is wrong at its
 * field (a past date, a To not after From, the hour the spring change skips, no kind), keeps what
 * was typed and saves nothing; booked, the customer is e-mailed the day in words with invite.ics
 * (text/calendar; method=REQUEST, SEQUENCE 0, no owner's notes); moved for rain, the same UID with
 * SEQUENCE 1 and the reason; cancelled after a second yes, METHOD:CANCEL with SEQUENCE 2. An
 * overlap is saved and named beside both visits; back to back is none. Book a visit on a won job
 * opens with Job day and books each added day as its own visit. A customer without an address is not told, and
 * the page says so. Delete names the visits to come and cancels them by e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { dayWords } from "~/lib/visits/words.ts";
import { openStore, withStore, serverWithOwnerAndMail } from "../support/owner.ts";
import { type RunningServer } from "../support/server.ts";
import { allParts, letterParts, mimeOf, subjectOf, waitFor, type ReceivedMail } from "../support/smtp.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;

beforeAll(async () => ({ smtp, server, cookie, stop } = await serverWithOwnerAndMail()));
afterAll(() => stop());

const TOMORROW = addDays(ukToday(), 1);
const IN_A_WEEK = addDays(ukToday(), 7);

function request(name: string, email: string, status = "new"): number {
  const store = openStore(server.dataDir);
  try {
    const id = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email, phone: "07700 900456", location: "12 Bancroft, Hitchin SG5 1JW", message: "Slipped tiles." }, { notify: false }).id;
    store.db.prepare("UPDATE leads SET status = ? WHERE id = ?").run(status, id);
    return id;
  } finally {
    store.close();
  }
}

/** Posts a form as the owner's browser does, repeated fields and all. */
function post(path: string, fields: [string, string][]) {
  return fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
}
const page = async (path: string) => (await (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const visitsOf = (leadId: number) => withStore(server.dataDir, (store) => store.db.prepare("SELECT id, kind, sequence, status, uid FROM visits WHERE lead_id = ? ORDER BY id").all(leadId) as { id: number; kind: string; sequence: number; status: string; uid: string }[]);
const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));

/** The calendar file of an e-mail: its content type and its text. */
function calendarOf(mail: ReceivedMail) {
  const part = allParts(mimeOf(mail.raw)).find((one) => one.type === "text/calendar")!;
  return { type: part.headers.get("content-type")!, disposition: part.headers.get("content-disposition")!, ics: part.text.replace(/\r\n /g, "") };
}

const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)\\r?$`, "m").exec(ics)?.[1];

describe("Book a visit, Move and Cancel visit", () => {
  it("refuses bad input at its field, keeping it, and saves nothing", async () => {
    const id = request("Fran Fields", "fran@example.org");
    const refused = await post(`/admin/requests/${id}/visits/new`, [["date", addDays(ukToday(), -1)], ["from", "11:00"], ["to", "10:00"], ["notes", "Side gate code 1234"]]);
    expect(refused.status).toBe(400);
    const html = await textOf(refused);
    expect(html).toContain("There is a problem");
    expect(html).toContain('<p id="visit-kind-error" class="field-error">Choose what kind of visit it is.</p>');
    expect(html).toContain('<p id="visit-day-0-date-error" class="field-error">The date has passed: choose today or later.</p>');
    expect(html).toContain('<p id="visit-day-0-to-error" class="field-error">The end time must be after the start time.</p>');
    expect(html).toContain('href="#visit-day-0-date"');
    expect(html, "what was typed is kept").toContain("Side gate code 1234");
    expect(html).toMatch(/name="from" value="11:00"/);
    // 1:30 on the last Sunday of March next year does not exist in the UK.
    const year = Number(ukToday().slice(0, 4)) + 1;
    const spring = [25, 26, 27, 28, 29, 30, 31].map((day) => `${year}-03-${day}`).find((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 0)!;
    const skipped = await textOf(await post(`/admin/requests/${id}/visits/new`, [["kind", "survey"], ["date", spring], ["from", "1:30"], ["to", "3:00"]]));
    expect(skipped).toContain(`so 1:30 does not exist that day. Choose another time.</p>`);
    expect(visitsOf(id)).toEqual([]);
    expect(mailsTo("fran@example.org")).toEqual([]);
  });

  it("e-mails the booking with invite.ics, moves it for rain with the same UID, and cancels it after a second yes", async () => {
    const id = request("Sarah Jones", "sarah@example.org");
    const booked = await post(`/admin/requests/${id}/visits/new`, [["kind", "survey"], ["date", TOMORROW], ["from", "09:00"], ["to", "11:00"], ["notes", "Dog in the garden"]]);
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toBe(`/admin/requests/${id}?saved=visit-booked`);
    const invitation = await waitFor(() => mailsTo("sarah@example.org")[0]);
    const when = `${dayWords(TOMORROW)}, 9:00–11:00`;
    expect(subjectOf(invitation.raw)).toBe(`Your roof survey is booked: tomorrow, ${when}`);
    const { text } = letterParts(invitation.raw);
    expect(text).toContain(`Your roof survey with Kestrel Roofing is booked for tomorrow, ${when}.`);
    expect(text).toContain("Where: 12 Bancroft, Hitchin SG5 1JW");
    expect(text).toContain("Phone: 07700 900123");
    const first = calendarOf(invitation);
    expect(first.type).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST;/i);
    expect(first.disposition).toMatch(/attachment; filename=invite\.ics/);
    expect(field(first.ics, "METHOD")).toBe("REQUEST");
    expect(field(first.ics, "SEQUENCE")).toBe("0");
    expect(first.ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(field(first.ics, "DTSTART")).toMatch(/^\d{8}T\d{6}Z$/);
    const uid = field(first.ics, "UID");
    expect(uid).toBe(visitsOf(id)[0]!.uid);
    expect(`${invitation.raw}${first.ics}`, "the owner's notes stay his").not.toContain("Dog");

    const [visit] = visitsOf(id);
    const requestPage = await page(`/admin/requests/${id}`);
    expect(requestPage).toContain(`Survey</span>: Tomorrow, ${when}`);
    expect(requestPage).toContain("booked a visit");
    expect(await page(`/admin/visits/${visit!.id}/move`)).toMatch(/name="date" value="\d{4}-\d{2}-\d{2}"/);

    const moved = await post(`/admin/visits/${visit!.id}/move`, [["date", IN_A_WEEK], ["from", "13:00"], ["to", "15:00"], ["reason", "weather"]]);
    expect(moved.headers.get("location")).toBe(`/admin/requests/${id}?saved=visit-moved`);
    const moveMail = await waitFor(() => mailsTo("sarah@example.org")[1]);
    const newWhen = `${dayWords(IN_A_WEEK)}, 13:00–15:00`;
    expect(subjectOf(moveMail.raw)).toBe(`Your roof survey has moved to ${newWhen}`);
    expect(letterParts(moveMail.raw).text).toContain(`We have moved your roof survey to ${newWhen}, because of the weather forecast.`);
    const second = calendarOf(moveMail);
    expect([field(second.ics, "UID"), field(second.ics, "SEQUENCE"), field(second.ics, "METHOD")]).toEqual([uid, "1", "REQUEST"]);
    expect(await page(`/admin/requests/${id}`)).toContain("reason: Weather");

    const asking = await page(`/admin/visits/${visit!.id}/cancel`);
    expect(asking).toContain(`Cancel the survey with Sarah Jones, ${newWhen}?`);
    expect(asking).toContain("Yes, cancel visit");
    expect(asking).toContain("Keep visit");
    expect(mailsTo("sarah@example.org"), "asking sends nothing").toHaveLength(2);
    expect((await post(`/admin/visits/${visit!.id}/cancel`, [])).status, "a bare post cancels nothing").toBe(400);
    const cancelled = await post(`/admin/visits/${visit!.id}/cancel`, [["intent", "cancel-visit"]]);
    expect(cancelled.headers.get("location")).toBe(`/admin/requests/${id}?saved=visit-cancelled`);
    const cancelMail = await waitFor(() => mailsTo("sarah@example.org")[2]);
    const third = calendarOf(cancelMail);
    expect(third.type).toMatch(/method=CANCEL/);
    expect([field(third.ics, "UID"), field(third.ics, "SEQUENCE"), field(third.ics, "METHOD"), field(third.ics, "STATUS")]).toEqual([uid, "2", "CANCEL", "CANCELLED"]);
    expect(visitsOf(id)).toEqual([expect.objectContaining({ status: "cancelled", sequence: 2 })]);
    expect((await post(`/admin/visits/${visit!.id}/cancel`, [["intent", "cancel-visit"]])).status, "once").toBe(409);
    const history = await page(`/admin/requests/${id}`);
    for (const line of ["e-mailed the invitation to the visit", "moved a visit", "e-mailed the visit's new time", "cancelled a visit", "e-mailed the cancellation of the visit"]) expect(history).toContain(line);
  });

  it("saves an overlap all the same and names it beside both visits; back to back is none", async () => {
    const first = request("Olive Overlap", "olive@example.org");
    const second = request("Bert Backtoback", "bert@example.org");
    await post(`/admin/requests/${first}/visits/new`, [["kind", "survey"], ["date", IN_A_WEEK], ["from", "09:00"], ["to", "11:00"]]);
    const form = await page(`/admin/requests/${second}/visits/new`);
    expect(form, "the form carries the booked times for the clash as they are picked").toContain("Survey, Olive Overlap, 9:00–11:00");
    const refused = await textOf(await post(`/admin/requests/${second}/visits/new`, [["date", IN_A_WEEK], ["from", "10:00"], ["to", "12:00"]]));
    expect(refused, "said on a refused form too").toContain("Overlaps Survey, Olive Overlap, 9:00–11:00. It can be booked all the same.");
    expect((await post(`/admin/requests/${second}/visits/new`, [["kind", "job-day"], ["date", IN_A_WEEK], ["from", "10:00"], ["to", "12:00"]])).status).toBe(303);
    await post(`/admin/requests/${second}/visits/new`, [["kind", "other"], ["date", IN_A_WEEK], ["from", "11:00"], ["to", "12:00"]]);
    const secondPage = await page(`/admin/requests/${second}`);
    expect(secondPage).toContain("Overlaps Survey, Olive Overlap, 9:00–11:00");
    expect(await page(`/admin/requests/${first}`)).toContain("Overlaps Job day, Bert Backtoback, 10:00–12:00");
    expect((await page(`/admin/requests/${first}`)).match(/Overlaps /g), "the 11:00 visit starts as the survey ends").toHaveLength(1);
  });

  it("Book a visit on a won job opens with Job day, and each added day is its own visit and invitation; Schedule job asks How many days", async () => {
    const id = request("Wendy Won", "wendy@example.org", "won");
    expect(await page(`/admin/requests/${id}`)).toContain(`href="/admin/requests/${id}/visits/new?kind=job-day"`);
    expect(await page(`/admin/requests/${id}/visits/new`)).toMatch(/<input type="radio" id="visit-kind-job-day"[^>]* checked=""/);
    expect(await page(`/admin/requests/${id}/visits/new?kind=job-day`)).toContain("How many days");
    const added = await textOf(await post(`/admin/requests/${id}/visits/new`, [["kind", "job-day"], ["date", IN_A_WEEK], ["from", "08:00"], ["to", "17:00"], ["change", "add-day"]]));
    expect(added).toContain("Day 2");
    expect(visitsOf(id), "adding a day saves nothing").toEqual([]);
    const days = [IN_A_WEEK, addDays(IN_A_WEEK, 1)];
    const booked = await post(`/admin/requests/${id}/visits/new`, [["kind", "job-day"], ["date", days[0]!], ["from", "08:00"], ["to", "17:00"], ["date", days[1]!], ["from", "08:00"], ["to", "13:00"]]);
    expect(booked.headers.get("location")).toBe(`/admin/requests/${id}?saved=visits-booked`);
    const visits = visitsOf(id);
    expect(visits.map((visit) => visit.kind)).toEqual(["job-day", "job-day"]);
    await waitFor(() => mailsTo("wendy@example.org").length === 2);
    expect(new Set(mailsTo("wendy@example.org").map((mail) => field(calendarOf(mail).ics, "UID")))).toEqual(new Set(visits.map((visit) => visit.uid)));
  });

  it("books a visit for a customer without an e-mail address, and says they were not told", async () => {
    const id = request("Norman Noaddress", "");
    const booked = await post(`/admin/requests/${id}/visits/new`, [["kind", "survey"], ["date", IN_A_WEEK], ["from", "14:00"], ["to", "15:00"]]);
    expect(booked.headers.get("location")).toBe(`/admin/requests/${id}?saved=visit-booked-untold`);
    expect(await page(`/admin/requests/${id}?saved=visit-booked-untold`)).toContain("Norman Noaddress was not told: there is no e-mail address for them.");
    expect(visitsOf(id)).toHaveLength(1);
  });

  it("Delete names the visits to come and cancels them by e-mail", async () => {
    const id = request("Dora Deleted", "dora@example.org");
    await post(`/admin/requests/${id}/visits/new`, [["kind", "survey"], ["date", IN_A_WEEK], ["from", "09:00"], ["to", "10:00"]]);
    await waitFor(() => mailsTo("dora@example.org")[0]);
    const uid = visitsOf(id)[0]!.uid;
    const asking = await page(`/admin/requests/${id}?confirm=delete`);
    expect(asking).toContain(`Survey, ${dayWords(IN_A_WEEK)}, 9:00–10:00`);
    expect(asking).toContain("Each is cancelled: Dora Deleted is e-mailed, and it leaves their calendar.");
    expect((await post(`/admin/requests/${id}`, [["intent", "delete"], ["confirmed", "delete-for-good"]])).status).toBe(303);
    const cancellation = await waitFor(() => mailsTo("dora@example.org")[1]);
    const ics = calendarOf(cancellation).ics;
    expect([field(ics, "UID"), field(ics, "SEQUENCE"), field(ics, "METHOD")]).toEqual([uid, "1", "CANCEL"]);
    expect(visitsOf(id)).toEqual([]);
    await waitFor(() => withStore(server.dataDir, (store) => !JSON.stringify(store.db.prepare("SELECT payload FROM jobs").all()).includes("dora@")));
  });
});
