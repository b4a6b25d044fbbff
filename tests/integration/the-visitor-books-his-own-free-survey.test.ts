/**
 * Issue 38 §3–§4 on the real server, over HTTP with no script and real SMTP: a visitor sends a
 * quote request from the Hitchin page; the thank-you page offers survey times, best first next to
 * a visit the roofer already has in Letchworth; See more times lists them by day; Book this time
 * books it (the named action `survey.book`), answers with a page that has Add to calendar (a
 * calendar file at the right instant), e-mails the visitor his invitation and the owner "Survey
 * booked: …", and the diary and the request show it. Two visitors posting one time at once: one
 * gets it, the other "Sorry, that time has just gone", twenty times over. And the refusals, each
 * with a clear answer and nothing stored: a post from another site, a forged link, a used one, a time taken since the page
 * was shown, a time outside the rules, a second booking, and bookings off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOnceKey } from "~/lib/actions/once-key.ts";
import { addSubscription } from "~/lib/jobs/push.server.ts";
import { makeBookingToken } from "~/lib/links/booking-tokens.server.ts";
import { customerPageToken } from "~/lib/links/page-links.server.ts";
import { addDays, ukClock, ukDate, ukToday, weekdayOf } from "~/lib/time/uk-time.ts";
import { clockWords, dayWords } from "~/lib/visits/words.ts";
import { readInZone } from "../support/calendar.ts";
import { serverWithOwnerAndMail, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import { postMultipart, QUOTE, type RunningServer } from "../support/server.ts";
import { allParts, mimeOf, subjectOf, waitFor } from "../support/smtp.ts";
import { startPushReceiver, type PushReceiver } from "../support/push-receiver.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;
let receiver: PushReceiver;

const HITCHIN = "/areas/roofers-in-hitchin/";
/** A working day a few days ahead, past the earliest, where the roofer has a visit in Letchworth. */
const NEAR_DAY = [3, 4, 5, 6, 7, 8].map((days) => addDays(ukToday(), days)).find((date) => ["Tuesday", "Wednesday", "Thursday"].includes(weekdayOf(date)))!;

const clean = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${path}`, { headers });
  return { status: response.status, html: clean(await response.text()) };
};
const asOwner = (path: string) => get(path, { Cookie: cookie });
const post = (path: string, fields: [string, string][], headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, ...headers }, redirect: "manual" });
const ownerPost = (path: string, fields: [string, string][]) => post(path, fields, { Cookie: cookie });
const count = (sql: string, ...values: (string | number)[]) => withStore(server.dataDir, (store) => (store.db.prepare(sql).get(...values) as { n: number }).n);
const visitsAt = (start: string) => count("SELECT COUNT(*) AS n FROM visits WHERE start_at = ? AND status = 'booked'", start);
const visitsOf = (leadId: number) => count("SELECT COUNT(*) AS n FROM visits WHERE lead_id = ?", leadId);

/** The radios a page offers: each time's posted start and its words, in page order. */
function offered(html: string) {
  return [...html.matchAll(/<input type="radio"[^>]* name="start" value="([^"]+)"\/>([^<]+)<\/label>/g)].map((match) => ({ value: match[1]!, label: match[2]! }));
}

/** A request stored as the quote form stores it, with its one-time booking token. */
function storedRequest(name: string, location = "12 Bancroft, Hitchin SG5 1JW") {
  return withStore(server.dataDir, (store) => {
    const lead = store.add({ form: "quote", page: HITCHIN, name, email: `${name.split(" ")[0]!.toLowerCase()}@example.org`, phone: "07700 900456", location, message: "Slipped tiles." }, { notify: false });
    return { id: lead.id, token: makeBookingToken(store.db, lead.id, new Date()), page: `/c/${customerPageToken(store, lead.id)}` };
  });
}

/** The owner's rules saved from his page, as typed there. */
async function saveRules(typed: Record<string, string>, on = true) {
  const fields = formFields((await asOwner("/admin/survey-bookings")).html, 'name="most"').filter(([name]) => on || name !== "on");
  expect((await ownerPost("/admin/survey-bookings", typeInto(fields, typed))).status).toBe(303);
}

/** Books by hand as the owner: a survey on `date` from `from` to `to`. */
async function ownerBooks(leadId: number, date: string, from: string, to: string) {
  const response = await ownerPost(`/admin/requests/${leadId}/visits/new`, [["kind", "survey"], ["date", date], ["from", from], ["to", to]]);
  expect(response.status, (await response.text()).match(/field-error">[^<]*/g)?.join(" ")).toBe(303);
}

const book = (path: string, start: string) => post(path, [["once", makeOnceKey()], ["start", start]]);

beforeAll(async () => {
  // The owner's phone, subscribed to his pushes at a push service that decrypts what it gets.
  receiver = await startPushReceiver();
  ({ smtp, server, cookie, stop } = await serverWithOwnerAndMail("office@example.com", { NODE_EXTRA_CA_CERTS: receiver.caFile }));
  await saveRules({ most: "20" });
  withStore(server.dataDir, (store) => addSubscription(store, (store.db.prepare("SELECT id FROM passkeys").get() as { id: number }).id, receiver.subscribe("owner-phone"), "Owner's phone"));
  // The roofer's visit in Letchworth (SG6, nearest Hitchin) on a day ahead.
  const letchworth = storedRequest("Leo Letchworth", "3 Broadway, Letchworth Garden City SG6 3NX");
  await ownerBooks(letchworth.id, NEAR_DAY, "11:00", "12:00");
}, 90_000);
afterAll(async () => {
  await stop();
  await receiver?.close();
});

describe("The visitor books his own free survey", () => {
  let journey: { id: number; token: string; start: string };

  it("is offered on the thank-you page best first, next to the Letchworth visit; See more times; Book this time; Add to calendar; both e-mails; the diary and the request", async () => {
    const sent = await postMultipart(server, HITCHIN, { ...QUOTE, name: "Margaret Hale", email: "margaret@example.org", address: "4 Bancroft, Hitchin SG5 1JW" });
    expect(sent.status).toBe(303);
    const location = sent.headers.get("location")!;
    const token = /&book=([\w-]{43})#quote-sent$/.exec(location)![1]!;
    const id = withStore(server.dataDir, (store) => (store.db.prepare("SELECT id FROM leads WHERE name = 'Margaret Hale'").get() as { id: number }).id);

    const thanks = await get(location.replace(/#.*/, ""));
    expect(thanks.status).toBe(200);
    expect(thanks.html).toContain("Book your free survey");
    expect(thanks.html).toContain('<a href="/book/' + token + '" class="link">See more times</a>');
    expect(thanks.html).toContain("Book this time</button>");
    expect(thanks.html, "the visitor sees free times, never whose or where").not.toContain("Letchworth");
    const best = offered(thanks.html);
    expect(best).toHaveLength(6);
    // Best first: the times either side of the Letchworth visit (11:00–12:00, 15 minutes between, no drive within one town).
    expect(best.slice(0, 2).map((time) => time.label)).toEqual([`${dayWords(NEAR_DAY)}, 10:00–10:45`, `${dayWords(NEAR_DAY)}, 12:15–13:00`]);

    const more = await get(`/book/${token}`);
    expect(more.status).toBe(200);
    expect(more.html).toContain(`<h2 class="text-xl">${dayWords(NEAR_DAY)}</h2>`);
    const every = offered(more.html);
    expect(every.length).toBeGreaterThan(best.length);
    expect(every.map((time) => time.value)).toEqual(expect.arrayContaining(best.map((time) => time.value)));

    const start = best[0]!.value;
    const fields = typeInto(formFields(more.html, "Book this time"), { start });
    const booked = await post(`/book/${token}`, fields);
    expect(booked.status).toBe(303);
    // Sent again with its once-only key (a second tap, a reload): the first answer, and nothing again.
    const again = await post(`/book/${token}`, fields);
    expect([again.status, again.headers.get("location")]).toEqual([303, booked.headers.get("location")]);
    const page = withStore(server.dataDir, (store) => `/c/${customerPageToken(store, id)}`);
    expect(booked.headers.get("location")).toBe(`${page}/survey/booked`);
    expect(count("SELECT COUNT(*) AS n FROM visits WHERE lead_id = ? AND kind = 'survey' AND booked_by = 'customer' AND start_at = ?", id, start)).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'survey.book' AND lead_id = ?", id)).toBe(1);

    const answer = await get(`${page}/survey/booked`);
    expect(answer.html).toContain("Your survey is booked");
    expect(answer.html).toContain(`Roof survey: ${dayWords(NEAR_DAY)}, 10:00–10:45`);
    expect(answer.html).toContain(`href="${page}" class="link">Go to your page`);
    const visitId = withStore(server.dataDir, (store) => (store.db.prepare("SELECT id FROM visits WHERE lead_id = ?").get(id) as { id: number }).id);
    const icsPath = `${page}/visits/${visitId}/calendar`;
    expect(answer.html).toContain(`href="${icsPath}"`);
    const ics = (await get(icsPath)).html;
    expect(readInZone(ics, "Europe/London")).toEqual(["10:00"]);
    expect(readInZone(ics, "UTC")).toEqual([clockWords(new Date(start).getUTCHours() * 60 + new Date(start).getUTCMinutes())]);

    const invitation = await waitFor(() => smtp.messages.find((mail) => mail.to.includes("margaret@example.org") && allParts(mimeOf(mail.raw)).some((part) => part.type === "text/calendar")));
    expect(allParts(mimeOf(invitation.raw)).find((part) => part.type === "text/calendar")!.text).toContain("METHOD:REQUEST");
    const told = await waitFor(() => smtp.messages.find((mail) => subjectOf(mail.raw).startsWith("Survey booked:")));
    expect(subjectOf(told.raw)).toBe(`Survey booked: ${dayWords(NEAR_DAY)}, 10:00, Hitchin, Margaret Hale`);
    expect(told.to).toContain("office@example.com");
    const pushed = () => receiver.received.filter((push) => push.status === 201).map((push) => JSON.parse(push.payload!) as { title: string; body: string }).filter((push) => push.title === "Survey booked");
    await waitFor(() => pushed().length > 0);
    expect(pushed().map(({ title, body }) => ({ title, body })), "the owner's phone got the push, decrypted").toEqual([{ title: "Survey booked", body: `${dayWords(NEAR_DAY)}, 10:00, Hitchin, Margaret H.` }]);

    expect((await asOwner(`/admin/diary?from=${NEAR_DAY}`)).html).toContain("Margaret Hale");
    const request = (await asOwner(`/admin/requests/${id}`)).html;
    expect(request).toContain("Booked online by the customer");
    journey = { id, token, start };
  });

  it("gives one time to one of two visitors posting it at once, and the other the next best, twenty times over", async () => {
    for (let round = 0; round < 20; round++) {
      const [first, second] = [storedRequest(`Ann Race${round}`), storedRequest(`Bob Race${round}`)];
      const start = offered((await get(`/book/${first.token}`)).html)[0]!.value;
      const answers = await Promise.all([book(`/book/${first.token}`, start), book(`/book/${second.token}`, start)]);
      expect(answers.map((one) => one.status).sort()).toEqual([303, 409]);
      const lost = answers.find((one) => one.status === 409)!;
      const html = clean(await lost.text());
      expect(html).toContain("Sorry, that time has just gone");
      expect(offered(html).length).toBeGreaterThan(0);
      expect(offered(html).map((time) => time.value)).not.toContain(start);
      expect(visitsAt(start)).toBe(1);
      expect(visitsOf(first.id) + visitsOf(second.id)).toBe(1);
    }
  }, 60_000);

  it("refuses a post from another site, as the forms do, booking nothing", async () => {
    const guest = storedRequest("Abe Elsewhere");
    const start = offered((await get(`/book/${guest.token}`)).html)[0]!.value;
    const foreign = await post(`/book/${guest.token}`, [["once", makeOnceKey()], ["start", start]], { Origin: "https://elsewhere.example" });
    expect(foreign.status).toBe(403);
    expect(visitsOf(guest.id)).toBe(0);
  });

  it("refuses a forged link (404) and a used one (410), booking nothing", async () => {
    const forged = await book(`/book/${"x".repeat(43)}`, journey.start);
    expect(forged.status).toBe(404);
    expect(clean(await forged.text())).toContain("This link does not work");
    const used = await book(`/book/${journey.token}`, offered((await get(storedRequest("Cat Used").page + "/survey")).html)[0]!.value);
    expect(used.status).toBe(410);
    expect(clean(await used.text())).toContain("Your survey is booked already");
    expect((await get(`/book/${journey.token}`)).status).toBe(410);
    expect(visitsOf(journey.id)).toBe(1);
  });

  it("refuses a time the owner booked by hand since the page was shown, and one outside the rules, with the next best times", async () => {
    const late = storedRequest("Dan Late");
    const start = offered((await get(`/book/${late.token}`)).html)[0]!.value;
    const clock = ukClock(new Date(start)).minutes;
    await ownerBooks(storedRequest("Eve Owner").id, ukDate(new Date(start)), clockWords(clock), clockWords(clock + 45));
    const taken = await book(`/book/${late.token}`, start);
    expect(taken.status).toBe(409);
    expect(clean(await taken.text())).toContain("Sorry, that time has just gone");
    const night = new Date(`${addDays(ukToday(), 2)}T03:00:00.000Z`).toISOString();
    const outside = await book(`/book/${late.token}`, night);
    expect(outside.status).toBe(409);
    expect(offered(clean(await outside.text())).length).toBeGreaterThan(0);
    expect(visitsOf(late.id)).toBe(0);
    const chosen = await book(`/book/${late.token}`, "tomorrow at ten");
    expect(chosen.status).toBe(400);
    expect(clean(await chosen.text())).toContain('<p id="survey-start-error" class="field-error">Choose a time for your survey.</p>');
  });

  it("books one survey per request: the customer's page offers no more times, and a second booking from it is refused", async () => {
    const page = withStore(server.dataDir, (store) => `/c/${customerPageToken(store, journey.id)}`);
    expect((await get(page)).html).not.toContain("Book your free survey");
    const other = offered((await get(storedRequest("Fay Other").page + "/survey")).html)[0]!.value;
    const second = await book(`${page}/survey`, other);
    expect(second.status).toBe(409);
    expect(clean(await second.text())).toContain("Your survey is booked already");
    expect(visitsOf(journey.id)).toBe(1);
  });

  it("offers the times on the customer's page while no survey is booked, and books from there", async () => {
    const guest = storedRequest("Gus Page");
    const html = (await get(guest.page)).html;
    expect(html).toContain("Book your free survey");
    const start = offered(html)[0]!.value;
    const booked = await book(`${guest.page}/survey`, start);
    expect([booked.status, booked.headers.get("location")]).toEqual([303, `${guest.page}/survey/booked`]);
    expect(visitsOf(guest.id)).toBe(1);
  });

  it("with bookings off offers no times anywhere and refuses a post", async () => {
    const off = storedRequest("Hal Off");
    const start = offered((await get(`/book/${off.token}`)).html)[0]!.value;
    await saveRules({}, false);
    const sent = await postMultipart(server, HITCHIN, { ...QUOTE, name: "Ivy Off" });
    expect((await get(sent.headers.get("location")!.replace(/#.*/, ""))).html).not.toContain("Book your free survey");
    expect((await get(off.page)).html).not.toContain("Book your free survey");
    expect((await get(`/book/${off.token}`)).html).toContain("Booking online is closed");
    const refused = await book(`/book/${off.token}`, start);
    expect(refused.status).toBe(409);
    expect(clean(await refused.text())).toContain("We are not taking survey bookings online just now. Nothing was booked");
    expect(visitsOf(off.id)).toBe(0);
  });
});

