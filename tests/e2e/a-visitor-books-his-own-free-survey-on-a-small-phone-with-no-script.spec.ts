/**
 * Issue 38 §3 in a browser: on a 320 px phone with JavaScript off, a visitor sends a quote request
 * from the Hitchin page; the thank-you page offers survey times, best first next to the visit the
 * roofer already has in Letchworth; he opens See more times, picks one and books it; the answer
 * says it is booked, with Add to calendar, and his invitation and the owner's e-mail arrive over
 * real SMTP; the diary and the request show it, and from his page he moves it: one more invitation
 * with the same UID and SEQUENCE one higher. A second visitor, whose time the owner books by hand while the page is open, is told
 * "Sorry, that time has just gone", and nothing is booked for him. Axe finds nothing on the
 * thank-you page with times, See more times and booked (axe needs JavaScript, so it reads the same
 * addresses with it on; the time gone is a POST's answer, which the Nu checker's sweep reads).
 *
 * The journey runs against a server of its own, with e-mail set up and bookings turned on: the
 * shared test server has neither, and its other journeys' thank-you pages stay as they are.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { fileContent } from "../../app/content/index.ts";
import { addDays, ukToday, weekdayOf } from "../../app/lib/time/uk-time.ts";
import { defaultRules } from "../../app/lib/visits/survey-rules.ts";
import { saveSurveyRules } from "../../app/lib/visits/survey-rules.server.ts";
import { dayWords } from "../../app/lib/visits/words.ts";
import { signedInOwner, withStore } from "../support/owner.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { allParts, mimeOf, startSmtp, subjectOf, waitFor, type ReceivedMail } from "../support/smtp.ts";
import { expectNoViolations } from "./support.ts";

const NEAR_DAY = [3, 4, 5, 6, 7, 8].map((days) => addDays(ukToday(), days)).find((date) => ["Tuesday", "Wednesday", "Thursday"].includes(weekdayOf(date)))!;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let cookie: string;

/** Books a survey by hand as the owner, on the owner's own form. */
async function ownerBooks(leadId: number, date: string, from: string, to: string) {
  const response = await fetch(`${server.url}/admin/requests/${leadId}/visits/new`, { method: "POST", body: new URLSearchParams({ kind: "survey", date, from, to }), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
  expect(response.status).toBe(303);
}

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The journey is a small phone's.");
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "office@example.com", FORM_RATE_LIMIT: "1000" });
  cookie = signedInOwner(server.dataDir).cookie;
  withStore(server.dataDir, (store) => saveSurveyRules(store, { ...defaultRules(fileContent.business.openingHours), on: true, maxPerDay: 10 }, new Date()));
  const letchworth = withStore(server.dataDir, (store) => store.add({ form: "quote", page: "/", name: "Leo Letchworth", email: "leo@example.org", phone: "07700 900111", location: "3 Broadway, Letchworth Garden City SG6 3NX", message: "Gutter." }, { notify: false }).id);
  await ownerBooks(letchworth, NEAR_DAY, "11:00", "12:00");
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The invitation's calendar file, unfolded, and one of its fields. */
const icsOf = (mail: ReceivedMail) => allParts(mimeOf(mail.raw)).find((part) => part.type === "text/calendar")!.text.replace(/\r\n /g, "");
const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)\\r?$`, "m").exec(ics)?.[1];
const ownerReads = async (pathname: string) => (await fetch(`${server.url}${pathname}`, { headers: { Cookie: cookie } })).text();

/** Sends the quote form from the Hitchin page; the page it lands on. */
async function sendQuote(page: Page, name: string, email: string) {
  await page.goto(`${server.url}/areas/roofers-in-hitchin/#contact`);
  const form = page.getByRole("form", { name: "Request your free quote" });
  await form.getByLabel("Your Name").fill(name);
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("07700 900456");
  await form.getByLabel("Property Address (optional)").fill("4 Bancroft, Hitchin SG5 1JW");
  await form.getByLabel("Project Description").fill("Slipped tiles over the porch.");
  await form.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(page.getByRole("heading", { name: "Book your free survey" })).toBeVisible();
}

/** The same address read with JavaScript on, for axe. */
async function axeAt(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 320, height: 700 }, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await expectNoViolations(page);
  } finally {
    await context.close();
  }
}

test("a visitor books his own free survey with no script, and a time taken meanwhile is refused", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 320, height: 700 }, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await sendQuote(page, "Margaret Hale", "margaret@example.org");
    expect(await page.locator("script[src], script:not([type])").count(), "no script on the thank-you page").toBe(0);
    const offer = page.getByRole("group", { name: "Times we are free, best first" }).getByRole("radio");
    await expect(offer).toHaveCount(6);
    await expect(offer.first()).toHaveAccessibleName(`${dayWords(NEAR_DAY)}, 10:00–10:45`);
    await axeAt(browser, page.url());
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "nothing wider than the phone").toBeLessThanOrEqual(320);

    await page.getByRole("link", { name: "See more times" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Book your free survey" })).toBeVisible();
    await axeAt(browser, page.url());
    const day = page.getByRole("group", { name: dayWords(NEAR_DAY) });
    await day.getByRole("radio", { name: "12:15–13:00" }).check();
    await page.getByRole("button", { name: "Book this time" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Your survey is booked" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(`Roof survey: ${dayWords(NEAR_DAY)}, 12:15–13:00`);
    await page.getByText("Add to calendar").click();
    const calendar = page.getByRole("link", { name: /Apple, Outlook or another calendar/ });
    const ics = await (await fetch(`${server.url}${await calendar.getAttribute("href")}`)).text();
    expect(ics).toMatch(/DTSTART(;TZID=Europe\/London:\d{8}T121500|:\d{8}T1[12]1500Z)/);
    await axeAt(browser, page.url());
    await page.getByRole("link", { name: "Go to your page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Your request K-/ })).toBeVisible();

    const invitations = () => smtp.messages.filter((mail) => mail.to.includes("margaret@example.org") && mail.raw.includes("text/calendar"));
    const booked = icsOf(await waitFor(() => invitations()[0]));
    await waitFor(() => smtp.messages.find((mail) => subjectOf(mail.raw) === `Survey booked: ${dayWords(NEAR_DAY)}, 12:15, Hitchin, Margaret Hale`));
    const margaret = withStore(server.dataDir, (store) => (store.db.prepare("SELECT id FROM leads WHERE name = 'Margaret Hale'").get() as { id: number }).id);
    expect(await ownerReads("/admin/diary"), "the diary shows the survey").toContain("Margaret Hale");
    expect(await ownerReads(`/admin/requests/${margaret}`), "the request's History says who booked it").toContain("Booked online by the customer");

    // From his page he moves it: one more invitation, the same UID, SEQUENCE one higher.
    await page.getByRole("link", { name: /^Move/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Move your survey" })).toBeVisible();
    await page.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Move my survey" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your survey is moved" })).toBeVisible();
    const moved = icsOf(await waitFor(() => invitations()[1]));
    expect([field(moved, "UID"), field(moved, "SEQUENCE")]).toEqual([field(booked, "UID"), String(Number(field(booked, "SEQUENCE") ?? 0) + 1)]);
    await waitFor(() => smtp.messages.find((mail) => subjectOf(mail.raw).startsWith("Survey moved by the customer")));
    expect(invitations(), "one invitation for the booking, one for the move").toHaveLength(2);

    // A second visitor: the owner books his chosen time by hand while the page is open.
    await sendQuote(page, "Tom Late", "tom@example.org");
    const first = page.getByRole("group", { name: "Times we are free, best first" }).getByRole("radio").first();
    const chosen = (await first.getAttribute("value"))!;
    await first.check();
    const tom = withStore(server.dataDir, (store) => (store.db.prepare("SELECT id FROM leads WHERE name = 'Tom Late'").get() as { id: number }).id);
    const eve = withStore(server.dataDir, (store) => store.add({ form: "quote", page: "/", name: "Eve Other", email: "eve@example.org", phone: "07700 900222", location: "Hitchin", message: "Chimney." }, { notify: false }).id);
    const clock = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" });
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(chosen));
    await ownerBooks(eve, date, clock.format(new Date(chosen)), clock.format(new Date(Date.parse(chosen) + 45 * 60_000)));
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sorry, that time has just gone" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Times we are free, best first" }).getByRole("radio").first()).not.toHaveAttribute("value", chosen);
    expect(withStore(server.dataDir, (store) => store.db.prepare("SELECT id FROM visits WHERE lead_id = ?").all(tom)), "nothing booked for him").toEqual([]);
  } finally {
    await context.close();
  }
});
