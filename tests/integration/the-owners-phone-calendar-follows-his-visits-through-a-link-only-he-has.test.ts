/**
 * Issue 27 §5 on the real server: the owner's calendar feed (/calendar/{token}.ics), found on the
 * diary, answers without a cookie and sets none, is never cached or indexed, and holds every booked
 * visit from twelve months back with the invitations' UIDs, the customer's name, phone and
 * address and the owner's notes, and no METHOD; cancelled visits and older ones are absent. A
 * forged link, or a customer's page token in its place, gets 404 and nothing more. Reset calendar
 * link asks first, then the old address answers 404 at once and the diary shows the new one. The
 * token is never logged.
 */
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "../../app/content/index.ts";
import { customerPageToken } from "../../app/lib/links/page-links.server.ts";
import { bookVisits, cancelVisit } from "../../app/lib/visits/book.server.ts";
import { addDays, ukInstant, ukToday } from "../../app/lib/time/uk-time.ts";
import { signedInOwner, withStore } from "../support/owner.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  cookie = signedInOwner(server.dataDir).cookie;
});
afterAll(async () => {
  await server.stop();
});

const CHANGE = { actor: "Test", hours: fileContent.business.openingHours, mail: false };

/** A request with one visit on `date` from 9:00 to 11:00; returns the visit's id, UID and the request's id. */
function visitOn(name: string, date: string, notes = ""): { id: number; uid: string; leadId: number } {
  return withStore(server.dataDir, (store) => {
    const leadId = store.add({ form: "quote", page: "/", name, email: "", phone: "07700 900456", location: "12 Bancroft, Hitchin SG5 1JW", message: "Slipped tiles." }, { notify: false }).id;
    const [visit] = bookVisits(store, leadId, { kind: "survey", days: [{ start: ukInstant(date, 9 * 60), end: ukInstant(date, 11 * 60) }], notes }, CHANGE)!;
    return { id: visit!.id, uid: visit!.uid, leadId };
  });
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: "manual" });
const FEED = /\/calendar\/[\w-]{43}\.ics/;
const feedOnDiary = async () => {
  const html = await (await get("/admin/diary", { Cookie: cookie })).text();
  return FEED.exec(html)![0];
};

describe("the owner's calendar feed", () => {
  it("answers without a cookie with every booked visit from twelve months back, as the invitations name them, and a forged link gets 404", async () => {
    const today = ukToday();
    const tomorrow = visitOn("Tom Morrow", addDays(today, 1), "Side gate code 1234");
    const lastYear = visitOn("Ellen Months", addDays(today, -330));
    const tooOld = visitOn("Olde Tyme", addDays(today, -400));
    const cancelled = visitOn("Cass Celled", addDays(today, 2));
    withStore(server.dataDir, (store) => cancelVisit(store, cancelled.id, CHANGE));

    const path = await feedOnDiary();
    const diary = await (await get("/admin/diary", { Cookie: cookie })).text();
    expect(diary, "Subscribe on this phone").toContain(`webcal://www.example.com${path}"`);
    expect(diary, "the address to copy").toContain(`https://www.example.com${path}<`);

    const feed = await get(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar\b/);
    expect(feed.headers.get("cache-control")).toBe("no-store");
    expect(feed.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(feed.headers.get("set-cookie")).toBeNull();
    const text = await feed.text();
    expect(text).not.toMatch(/^METHOD:/m);
    const events = Object.values(ical.sync.parseICS(text)).filter((item): item is VEvent => item?.type === "VEVENT");
    const uids = events.map((event) => event.uid);
    expect(uids).toContain(tomorrow.uid);
    expect(uids).toContain(lastYear.uid);
    expect(uids, "older than twelve months").not.toContain(tooOld.uid);
    expect(uids, "cancelled").not.toContain(cancelled.uid);
    const event = events.find((one) => one.uid === tomorrow.uid)!;
    expect(event.start.toISOString()).toBe(ukInstant(addDays(today, 1), 9 * 60).toISOString());
    expect(event.summary).toBe("Survey: Tom Morrow");
    expect(event.location).toBe("12 Bancroft, Hitchin SG5 1JW");
    for (const detail of ["Tom Morrow", "07700 900456", "Side gate code 1234"]) expect(event.description).toContain(detail);

    // A forged token, one letter changed, and a customer's page token in its place: 404 and nothing more.
    const token = path.slice("/calendar/".length, -".ics".length);
    const forged = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    for (const wrong of [`/calendar/${forged}.ics`, `/calendar/${token}`, `/calendar/${withStore(server.dataDir, (store) => customerPageToken(store, tomorrow.leadId))}.ics`]) {
      const refused = await get(wrong);
      expect(refused.status, wrong).toBe(404);
      expect(await refused.text()).toBe("");
      expect(refused.headers.get("set-cookie")).toBeNull();
    }
    expect(server.output()).toMatch(/^GET \/calendar\/\[token\] 200 /m);
    expect(server.output()).not.toContain(token);
  });

  it("Reset calendar link asks first; then the old address answers 404 at once and the diary shows the new one", async () => {
    const before = await feedOnDiary();
    const question = await get("/admin/diary/reset-link", { Cookie: cookie });
    expect(question.status).toBe(200);
    expect(await question.text()).toContain("Yes, reset");
    expect((await get(before)).status, "asking changes nothing").toBe(200);

    const reset = await fetch(`${server.url}/admin/diary/reset-link`, { method: "POST", body: new URLSearchParams({ intent: "reset-calendar-link" }), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/admin/diary?calendar-link#calendar-feed");
    expect((await get(before)).status).toBe(404);
    const after = await feedOnDiary();
    expect(after).not.toBe(before);
    expect((await get(after)).status).toBe(200);
  });
});
