/**
 * Against the real server: the owner's reminders are held to the opening hours published when
 * they fall due, not to the hours the server read at start-up or those of the moment the request
 * was queued. The owner publishes his hours on Your site's hours page as he would; the reminder a request
 * set going moves with each publish, and one falling due is held by the hours live then.
 *
 * The hours are chosen so that the answers never agree with the content files' (Monday–Friday
 * 08:00–18:00, Saturday 09:00–16:00, Sunday closed), whatever the day the test runs on.
 */
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import type { Business } from "~/content/schema.ts";
import { heldRunAt } from "~/lib/jobs/held-to-opening.server.ts";
import { isOpenAt } from "~/lib/time/opening-hours.ts";
import { factValues } from "~/lib/site/facts-form.ts";
import { ukClock } from "~/lib/time/uk-time.ts";
import { openStore, serverWithOwner } from "../support/owner.ts";
import { postForm, QUOTE, type RunningServer } from "../support/server.ts";

type Hours = Business["openingHours"];
/** The form's three rows: Monday–Friday, Saturday, Sunday; null is closed all day. */
type Rows = [[string, string] | null, [string, string] | null, [string, string] | null];

/** Saturday 17:00–18:00 only: after the files' Saturday closing time. */
const SATURDAY_EVENINGS: Rows = [null, ["17:00", "18:00"], null];
/** Sunday 10:00–11:00 only: the files keep Sunday closed. */
const SUNDAY_MORNINGS: Rows = [null, null, ["10:00", "11:00"]];

const asHours = (rows: Rows): Hours =>
  fileContent.business.openingHours.map((row, i) => ({ ...row, opens: rows[i]?.[0] ?? null, closes: rows[i]?.[1] ?? null }));

let server: RunningServer;
let cookie: string;

beforeAll(async () => ({ server, cookie } = await serverWithOwner()));
afterAll(() => server.stop());

const owner = (page: string) => fetch(`${server.url}${page}`, { headers: { Cookie: cookie }, redirect: "manual" });
const post = (fields: Record<string, string>, page = "/admin/site") => postForm(server, page, fields, { Cookie: cookie });
const revisionOf = async () => Number(/name="from" value="(\d+)"/.exec(await (await owner("/admin/site/hours")).text())![1]);

/** Saves the hours page with these hours, then publishes the draft, as the owner does on Your site. */
async function publishHours(rows: Rows) {
  const fields: Record<string, string> = { from: String(await revisionOf()), ...factValues(fileContent.business) };
  rows.forEach((row, i) => {
    delete fields[`hours-${i}-closed`];
    fields[`hours-${i}-opens`] = row?.[0] ?? "";
    fields[`hours-${i}-closes`] = row?.[1] ?? "";
    if (!row) fields[`hours-${i}-closed`] = "on";
  });
  const saved = await post(fields, "/admin/site/hours");
  expect(saved.status, "the hours are saved").toBe(303);
  expect(saved.headers.get("location")).toBe("/admin/site/hours?saved");
  const published = await post({ intent: "publish", from: String(await revisionOf()) });
  expect(published.status).toBe(303);
  expect(published.headers.get("location"), "the hours are published").toMatch(/^\/admin\/site\?published=\d+&ms=/);
}

interface ReminderRow {
  runAt: string;
  dueAt: string;
  doneAt: string | null;
  outcome: string | null;
}

function reminder(leadId: number): ReminderRow {
  const db = new DatabaseSync(path.join(server.dataDir, "leads.sqlite"), { readOnly: true });
  try {
    return db
      .prepare("SELECT run_at AS runAt, json_extract(payload, '$.dueAt') AS dueAt, done_at AS doneAt, outcome FROM jobs WHERE once_key = ?")
      .get(`reminder-1h:${leadId}`) as unknown as ReminderRow;
  } finally {
    db.close();
  }
}

/** The UK weekday and time of an instant, as the owner would read it: "Sunday 10:00". */
const ukWhen = (iso: string) => {
  const clock = ukClock(new Date(iso));
  return `${clock.weekday} ${String(Math.floor(clock.minutes / 60)).padStart(2, "0")}:${String(clock.minutes % 60).padStart(2, "0")}`;
};

/** A publish renders every page: slow on a busy machine. */
const PUBLISHING = 120_000;

describe("a reminder held to opening time", () => {
  let leadId: number;

  it("is planned by the hours published when the request comes in", async () => {
    await publishHours(SATURDAY_EVENINGS);
    const response = await postForm(server, "/?index", { ...QUOTE, name: "Hours Tester" });
    expect(response.status).toBe(303);
    leadId = Number(server.rows().find((row) => row.name === "Hours Tester")!.id);
    const job = reminder(leadId);
    // Due an hour after it came; planned for Saturday evening (or then, if that is when it falls).
    expect(job.runAt).toBe(heldRunAt(asHours(SATURDAY_EVENINGS), new Date(job.dueAt), new Date(job.dueAt)).toISOString());
    expect(isOpenAt(asHours(SATURDAY_EVENINGS), new Date(job.runAt)), `${ukWhen(job.runAt)} is in the Saturday evening hour`).toBe(true);
    expect(isOpenAt(fileContent.business.openingHours, new Date(job.runAt)), "not what the files' hours would say").toBe(false);
  }, PUBLISHING);

  it("moves when the owner publishes new hours before it falls due", async () => {
    await publishHours(SUNDAY_MORNINGS);
    const job = reminder(leadId);
    expect(job.doneAt).toBeNull();
    expect(job.runAt).toBe(heldRunAt(asHours(SUNDAY_MORNINGS), new Date(job.dueAt), new Date(job.dueAt)).toISOString());
    expect(ukWhen(job.runAt), "moved to the Sunday morning hour").toMatch(/^Sunday 10:/);
  }, PUBLISHING);

  it("falling due, is held by the hours live then, not those the server started with", async () => {
    // Say the hour has passed (the server was off meanwhile): the reminder is due now.
    const past = new Date(Date.now() - 60_000).toISOString();
    const store = openStore(server.dataDir);
    try {
      store.db.prepare("UPDATE jobs SET run_at = ?, payload = json_set(payload, '$.dueAt', ?) WHERE once_key = ?").run(past, past, `reminder-1h:${leadId}`);
    } finally {
      store.close();
    }
    // The runner looks for due work every 5 seconds.
    const deadline = Date.now() + 20_000;
    let job = reminder(leadId);
    while (job.runAt === past && !job.doneAt && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      job = reminder(leadId);
    }
    const sundayMornings = asHours(SUNDAY_MORNINGS);
    if (job.doneAt) {
      // Only on a Sunday between 10:00 and 11:00, when the files' hours are closed.
      expect(job.outcome).toBe("reminded");
      expect(isOpenAt(sundayMornings, new Date(job.doneAt)), `sent at ${ukWhen(job.doneAt)}, in the hours published`).toBe(true);
    } else {
      expect(ukWhen(job.runAt), "held to the next Sunday morning").toBe("Sunday 10:00");
      expect(Date.parse(job.runAt)).toBeGreaterThan(Date.now());
    }
  });
});
