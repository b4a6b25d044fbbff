/**
 * Issue 27 §1–4, on a 390 px phone with a real SMTP server. The owner books a survey for tomorrow
 * on a request: as he picks the times, the form says it overlaps a job day already booked, and he
 * books it all the same. The customer is e-mailed "tomorrow" in words with invite.ics. He moves it
 * for rain (the e-mailed file read by node-ical in a process whose zone is New York shows 4:00,
 * 9:00 in London): the customer's e-mail says why, and its calendar file keeps the UID with a higher
 * SEQUENCE. He cancels it, asked first: METHOD:CANCEL, the same UID, higher again. His diary
 * shows tomorrow's two visits marked as overlapping, and the calendar feed it offers (read
 * without cookies) follows each change; Reset calendar link, asked first, makes the old feed 404.
 *
 * Run against a server of its own, with e-mail set up, so the e-mails can be read.
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { fileContent } from "../../app/content/index.ts";
import { bookVisits } from "../../app/lib/visits/book.server.ts";
import { dayWords } from "../../app/lib/visits/words.ts";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { addDays, ukInstant, ukToday } from "../../app/lib/time/uk-time.ts";
import { readInZone } from "../support/calendar.ts";
import { allParts, mimeOf, subjectOf, waitFor } from "../support/smtp.ts";
import { ownerOnAServerWithMail } from "./owner-support.ts";

const CUSTOMER = { name: "Sarah Jones", email: "sarah@example.org" };

type OwnServer = Awaited<ReturnType<typeof ownerOnAServerWithMail>>;
let smtp: OwnServer["smtp"];
let server: OwnServer["server"];
let origin: string;
let owner: Page;
let close: OwnServer["close"] | undefined;

test.beforeAll(async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner books his visits from his phone.");
  ({ smtp, server, origin, owner, close } = await ownerOnAServerWithMail(browser, {}));
});
test.afterAll(async () => {
  await close?.();
});

const TOMORROW = addDays(ukToday(), 1);
const NEXT_WEEK = addDays(ukToday(), 7);

/** Sarah's request, and Tom's job day tomorrow 10:00–16:00 already booked. */
function requests(): number {
  const store = new LeadStore(path.join(server.dataDir, "leads.sqlite"));
  try {
    const add = (name: string, email: string) => store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email, phone: "07700 900456", location: "12 Bancroft, Hitchin SG5 1JW", message: "Slipped tiles." }).id;
    const tom = add("Tom Baker", "");
    bookVisits(store, tom, { kind: "job-day", days: [{ start: ukInstant(TOMORROW, 600), end: ukInstant(TOMORROW, 960) }], notes: "" }, { actor: "Dave", hours: fileContent.business.openingHours, mail: false });
    return add(CUSTOMER.name, CUSTOMER.email);
  } finally {
    store.close();
  }
}

const toCustomer = () => smtp.messages.filter((mail) => mail.to.includes(CUSTOMER.email));
/** The n-th e-mail to the customer: its subject, its words, and its calendar file's lines that matter. */
/** The owner's calendar feed as his phone reads it, without cookies: its status and its events' UID and SEQUENCE. */
async function feed(feedPath: string) {
  const response = await fetch(`${origin}${feedPath}`);
  const text = (await response.text()).replace(/\r\n /g, "");
  return { status: response.status, events: text.split("BEGIN:VEVENT").slice(1).map((event) => `${/^UID:(.*)\r?$/m.exec(event)?.[1]} ${/^SEQUENCE:(.*)\r?$/m.exec(event)?.[1]}`) };
}

async function mailNumber(n: number) {
  const mail = await waitFor(() => toCustomer()[n]);
  const parts = allParts(mimeOf(mail.raw));
  const ics = parts.find((part) => part.type === "text/calendar")!.text.replace(/\r\n /g, "");
  const field = (name: string) => new RegExp(`^${name}:(.*)\\r?$`, "m").exec(ics)?.[1];
  return { subject: subjectOf(mail.raw), text: parts.find((part) => part.type === "text/plain")!.text, ics, uid: field("UID"), sequence: field("SEQUENCE"), method: field("METHOD") };
}

test("the owner books a survey for tomorrow, moves it for rain, then cancels it", async () => {
  const id = requests();
  await owner.goto(`${origin}/admin/requests/${id}`);
  await owner.getByRole("link", { name: "Book a visit" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Book a visit" })).toBeVisible();

  await owner.getByRole("radio", { name: "Survey" }).check();
  await owner.getByLabel("Date").fill(TOMORROW);
  await owner.getByLabel("From").fill("09:00");
  await owner.getByLabel("To").fill("11:00");
  await expect(owner.getByRole("status"), "the clash is said as the times are picked").toHaveText("Overlaps Job day, Tom Baker, 10:00–16:00. It can be booked all the same.");
  await owner.getByRole("button", { name: "Book visit" }).click();

  const when = `${dayWords(TOMORROW)}, 9:00–11:00`;
  await expect(owner.getByRole("status")).toHaveText("Visit booked. The customer is e-mailed an invitation for their calendar.");
  const visit = owner.getByRole("list", { name: "Visits, soonest first" }).getByRole("listitem");
  await expect(visit).toContainText(`Survey: Tomorrow, ${when}`);
  await expect(visit).toContainText("Overlaps Job day, Tom Baker, 10:00–16:00");
  const booked = await mailNumber(0);
  expect(booked.subject).toBe(`Your roof survey is booked: tomorrow, ${when}`);
  expect([booked.method, booked.sequence]).toEqual(["REQUEST", "0"]);
  // The customer's phone shows it at the right hour wherever it is: 9:00 in London is 4:00 in New
  // York (5:00 in the weeks the two change their clocks on different Sundays).
  const newYork = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit", hourCycle: "h23" }).format(ukInstant(TOMORROW, 540));
  expect(readInZone(booked.ics, "America/New_York"), "a phone in New York").toEqual([newYork.replace(/^0/, "")]);
  expect(readInZone(booked.ics, "Europe/London"), "a phone in London").toEqual(["9:00"]);

  // His diary: tomorrow holds both visits, each marked as overlapping the other; the feed it offers has the survey.
  await owner.getByRole("navigation", { name: "Owner" }).getByRole("link", { name: "Diary" }).click();
  const tomorrow = owner.getByRole("list", { name: `Visits, Tomorrow, ${dayWords(TOMORROW)}` });
  await expect(tomorrow.getByRole("listitem")).toHaveCount(2);
  await expect(tomorrow.getByRole("listitem").first()).toContainText("Overlaps Job day, Tom Baker, 10:00–16:00");
  await expect(tomorrow.getByRole("listitem").last()).toContainText(`Overlaps Survey, ${CUSTOMER.name}, 9:00–11:00`);
  const subscribe = await owner.getByRole("link", { name: "Subscribe on this phone" }).getAttribute("href");
  expect(subscribe).toMatch(/^webcal:\/\/[^/]+\/calendar\/[\w-]{43}\.ics$/);
  const feedPath = new URL(subscribe!.replace(/^webcal:/, "https:")).pathname;
  expect((await feed(feedPath)).events).toContain(`${booked.uid} 0`);
  await owner.goBack();

  await visit.getByRole("link", { name: /^Move/ }).click();
  await owner.getByLabel("Date").fill(NEXT_WEEK);
  await owner.getByRole("radio", { name: "Weather" }).check();
  await owner.getByRole("button", { name: "Move visit" }).click();
  await expect(owner.getByRole("status")).toContainText("Visit moved.");
  await expect(visit).toContainText(`Survey: ${dayWords(NEXT_WEEK)}, 9:00–11:00`);
  const moved = await mailNumber(1);
  expect(moved.text).toContain(`We have moved your roof survey to ${dayWords(NEXT_WEEK)}, 9:00–11:00, because of the weather forecast.`);
  expect([moved.uid, moved.method, moved.sequence]).toEqual([booked.uid, "REQUEST", "1"]);
  expect((await feed(feedPath)).events, "the feed follows the move").toContain(`${booked.uid} 1`);

  await visit.getByRole("link", { name: /^Cancel visit/ }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText(`Cancel the survey with ${CUSTOMER.name}, ${dayWords(NEXT_WEEK)}, 9:00–11:00?`);
  expect(toCustomer(), "asking sends nothing").toHaveLength(2);
  await owner.getByRole("button", { name: "Yes, cancel visit" }).click();
  await expect(owner.getByRole("status")).toHaveText("Visit cancelled. The customer is e-mailed, and it leaves their calendar.");
  await expect(visit).toContainText("Survey, cancelled");
  const cancelled = await mailNumber(2);
  expect([cancelled.uid, cancelled.method, cancelled.sequence]).toEqual([booked.uid, "CANCEL", "2"]);
  expect((await feed(feedPath)).events.join(), "the feed drops the cancelled visit").not.toContain(booked.uid!);

  // A new calendar link, asked first: the old one answers 404 at once and the diary shows the new one.
  await owner.goto(`${origin}/admin/diary`);
  await owner.getByRole("link", { name: "Reset calendar link" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Reset your calendar link?");
  await owner.getByRole("button", { name: "Yes, reset" }).click();
  await expect(owner.getByRole("status")).toContainText("Calendar link reset");
  expect((await feed(feedPath)).status).toBe(404);
  const renewed = await owner.getByRole("link", { name: "Subscribe on this phone" }).getAttribute("href");
  expect(renewed).not.toBe(subscribe);
  expect((await feed(new URL(renewed!.replace(/^webcal:/, "https:")).pathname)).status).toBe(200);
});
