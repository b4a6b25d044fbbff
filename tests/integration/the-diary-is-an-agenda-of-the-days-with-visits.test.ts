/**
 * Issue 35 §5 on the real server, with no script: the diary is an agenda. Only the days with a
 * booked visit are listed, each visit with its time, kind, customer, town, Map and Call; then
 * "Nothing else booked until …", the day the fortnight ends. Earlier and Later are links to the
 * fortnight before and after, Today brings the owner back, and a day in the address that is not
 * a real day shows today's fortnight.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "../../app/content/index.ts";
import { bookVisits } from "../../app/lib/visits/book.server.ts";
import { shortDayWords } from "../../app/lib/visits/diary.server.ts";
import { dayWords } from "../../app/lib/visits/words.ts";
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

function visitOn(name: string, date: string, location: string) {
  withStore(server.dataDir, (store) => {
    const leadId = store.add({ form: "quote", page: "/", name, email: "", phone: "01462 555123", location, message: "Slipped tiles." }, { notify: false }).id;
    bookVisits(store, leadId, { kind: "job-day", days: [{ start: ukInstant(date, 8 * 60), end: ukInstant(date, 16 * 60) }], notes: "" }, { actor: "Test", hours: fileContent.business.openingHours, mail: false });
  });
}

/** The diary's HTML at `query`, as the owner's phone gets it with no script. */
async function diary(query = ""): Promise<string> {
  const response = await fetch(`${server.url}/admin/diary${query}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
}

const headings = (html: string) => [...html.matchAll(/<h2 id="day-[\d-]+"[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]);
const link = (html: string, words: string) => new RegExp(`<a href="([^"]+)"[^>]*>(?:<span aria-hidden="true">‹ </span>)?${words}`).exec(html)?.[1]?.replace(/&amp;/g, "&");

describe("the diary", () => {
  it("lists only the days with visits, each with its time, kind, customer, town, Map and Call, then where the fortnight ends", async () => {
    const today = ukToday();
    visitOn("Agnes Agenda", addDays(today, 2), "4 Bury Mead Road, Hitchin SG5 1RT");
    visitOn("Later Larry", addDays(today, 20), "Stevenage");
    const html = await diary();
    expect(headings(html)).toEqual([dayWords(addDays(today, 2))]);
    expect(html).not.toContain("No visits");
    expect(html).toContain("8:00–16:00</span> Job day");
    expect(html).toContain("Agnes Agenda");
    expect(html).toMatch(/<p class="break-words">Hitchin<\/p>/);
    expect(html).toContain('aria-label="Map: 4 Bury Mead Road, Hitchin SG5 1RT"');
    expect(html).toContain('href="tel:+441462555123"');
    expect(html).toContain(`Nothing else booked until ${shortDayWords(addDays(today, 14))}`);
    expect(link(html, "Today"), "Today shows only away from today").toBeUndefined();

    const later = await diary(link(html, "Later")!.replace("/admin/diary", ""));
    expect(link(html, "Later")).toBe(`/admin/diary?from=${addDays(today, 14)}`);
    expect(headings(later)).toEqual([dayWords(addDays(today, 20))]);
    expect(later).toContain(`Nothing else booked until ${shortDayWords(addDays(today, 28))}`);
    expect(link(later, "Today")).toBe("/admin/diary");

    const earlier = await diary(link(html, "Earlier")!.replace("/admin/diary", ""));
    expect(link(html, "Earlier")).toBe(`/admin/diary?from=${addDays(today, -14)}`);
    expect(headings(earlier)).toEqual([]);
    expect(earlier).toContain(`Nothing booked until ${shortDayWords(today)}`);
  });

  it("shows today's fortnight when the address's day is not a real day", async () => {
    for (const query of ["?from=2026-02-30", "?from=soon", "?from="]) {
      const html = await diary(query);
      expect(html, query).toContain(`until ${shortDayWords(addDays(ukToday(), 14))}`);
    }
  });
});
