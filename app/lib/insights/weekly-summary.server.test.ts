/**
 * The weekly summary on the injectable clock, over a real SMTP server: due Monday 07:00 UK time
 * in winter and in summer, saying how many surveys visitors booked online, sent once across a restart, skipped once its Monday is over, none when
 * turned off; the push names nobody.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startMailServer } from "../../../tests/support/smtp.ts";
import { JobRunner } from "../jobs/jobs.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { addSubscription } from "../jobs/push.server.ts";
import { VisitCounter } from "./counter.server.ts";
import { insertVisit } from "../visits/visits.server.ts";
import { scheduleWeeklySummary, setWeeklySummary, weeklySummaryHandler } from "./weekly-summary.server.ts";
import { fileContent } from "../../content/index.ts";
import { letterParts } from "../../../tests/support/smtp.ts";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

let store: LeadStore;
let server: Awaited<ReturnType<typeof startMailServer>>;
let clock: Date;

beforeEach(async () => {
  store = new LeadStore(":memory:");
  server = await startMailServer({ from: "office@example.com", ownerTo: "owner@example.com" });
});
afterEach(async () => {
  await server.close();
  store.close();
});

function runner() {
  return new JobRunner(store, weeklySummaryHandler(store, () => fileContent.business, "https://www.example.com", server.mail), { now: () => clock, log: () => {} });
}

const pushes = () => store.db.prepare("SELECT payload FROM jobs WHERE kind = 'push'").all().map((row) => JSON.parse((row as { payload: string }).payload) as { title: string; body: string; url: string });
const summaries = () => store.db.prepare("SELECT json_extract(payload, '$.monday') AS monday, done_at AS doneAt, outcome FROM jobs WHERE kind = 'weekly-summary' ORDER BY run_at").all().map((row) => ({ ...row }));

/** Last week's visits and one request, so the summary has figures. */
function lastWeek(day: string) {
  const counter = new VisitCounter(store, () => new Date(`${day}T10:00:00Z`));
  for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
    counter.view({ method: "GET", path: "/areas/roofers-in-maldon/", query: new URLSearchParams(), headers: { "user-agent": PHONE }, address, host: "www.example.com", owner: false });
  }
  counter.flush();
  const sent = new Date(`${day}T11:00:00Z`);
  const leadId = store.add({ form: "quote", page: "/areas/roofers-in-maldon/", name: "Summary Customer", email: "s@example.org", phone: "07700 900000", location: "Maldon", message: "Roof" }, { notify: false, now: sent }).id;
  // The visitor booked his own survey from the thank-you page.
  insertVisit(store.db, { leadId, kind: "survey", start: new Date(sent.getTime() + 3 * 86_400_000), end: new Date(sent.getTime() + 3 * 86_400_000 + 45 * 60_000), notes: "", told: "e-mail", bookedBy: "customer", now: sent });
}

describe("the weekly summary", () => {
  it.each([
    ["in winter (GMT)", "2027-01-08T12:00:00Z", "2027-01-11", "2027-01-11T07:00:00.000Z", "2027-01-06"],
    ["in summer (BST)", "2027-07-09T12:00:00Z", "2027-07-12", "2027-07-12T06:00:00.000Z", "2027-07-07"],
  ])("is due Monday at 07:00 UK time %s, and is sent once, with a push naming nobody", async (_, friday, monday, sevenUk, lastWeekDay) => {
    addSubscription(store, 1, { endpoint: "https://push.example.net/a", keys: { p256dh: "x".repeat(87), auth: "y".repeat(22) } }, "Chrome on Android");
    lastWeek(lastWeekDay);
    clock = new Date(friday);
    scheduleWeeklySummary(store.db, clock);
    const due = store.db.prepare("SELECT run_at AS runAt FROM jobs WHERE kind = 'weekly-summary'").all().map((row) => (row as { runAt: string }).runAt);
    expect(due).toEqual([sevenUk]);

    clock = new Date(new Date(sevenUk).getTime() - 60_000);
    await runner().runDue();
    expect(server.smtp.messages, "a minute early: nothing").toHaveLength(0);

    clock = new Date(sevenUk);
    await runner().runDue();
    expect(server.smtp.messages).toHaveLength(1);
    const raw = server.smtp.messages[0]!.raw.replace(/=\r?\n/g, "");
    expect(raw).toMatch(/Subject: Your website last week: 3 visitors, 1 request/);
    expect(raw).toContain("Visitors: 3 (the week before: 0)");
    expect(raw).toContain("Surveys booked online: 1 (the week before: 0)");
    expect(raw).toContain("Maldon town page: 3 visitors, 1 request");
    expect(raw).not.toContain("Summary Customer");
    // A letter like every other e-mail: HTML in British English beside the same words as text,
    // its button opening Insights, and no date written as a machine writes it.
    const { text, html } = letterParts(server.smtp.messages[0]!.raw);
    expect(html).toContain('<html lang="en-GB">');
    expect(html).toMatch(/<a href="https:\/\/www\.example\.com\/admin\/insights"[^>]*>Open Insights<\/a>/);
    expect(text).toContain("Open Insights: https://www.example.com/admin/insights");
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(pushes()).toEqual([{ subscriptionId: 1, title: "Weekly summary", body: "Last week: 3 visitors, 1 request, £0.00 won", url: "/admin/insights", tag: "weekly-summary" }]);

    // The server starts again that morning: the Monday's row is done, and queued once, ever.
    clock = new Date(new Date(sevenUk).getTime() + 3_600_000);
    scheduleWeeklySummary(store.db, clock);
    await runner().runDue();
    expect(server.smtp.messages, "sent once across a restart").toHaveLength(1);
    expect(summaries().map((row) => (row as { monday: string }).monday)).toEqual([monday, expect.any(String)]);
  });

  it("missed on its Monday, is sent when the server is back that Monday, and skipped after", async () => {
    // The server was down over Monday morning: it starts at 15:00 and sends it then.
    clock = new Date("2027-01-11T15:00:00Z");
    scheduleWeeklySummary(store.db, clock);
    await runner().runDue();
    expect(server.smtp.messages).toHaveLength(1);
    // Down the whole of the next Monday: on Tuesday that week's is skipped.
    clock = new Date("2027-01-19T09:00:00Z");
    await runner().runDue();
    expect(server.smtp.messages).toHaveLength(1);
    expect(summaries()).toEqual([
      { monday: "2027-01-11", doneAt: expect.any(String), outcome: "sent" },
      { monday: "2027-01-18", doneAt: expect.any(String), outcome: "not sent: its Monday is over" },
      { monday: "2027-01-25", doneAt: null, outcome: null },
    ]);
  });

  it("sends nothing when the owner turned it off, and starts again when he turns it on", async () => {
    setWeeklySummary(store.db, false);
    clock = new Date("2027-01-11T07:00:00Z");
    scheduleWeeklySummary(store.db, clock);
    await runner().runDue();
    expect(server.smtp.messages).toHaveLength(0);
    expect(pushes()).toEqual([]);
    setWeeklySummary(store.db, true);
    clock = new Date("2027-01-18T07:00:00Z");
    await runner().runDue();
    expect(server.smtp.messages).toHaveLength(1);
  });
});
