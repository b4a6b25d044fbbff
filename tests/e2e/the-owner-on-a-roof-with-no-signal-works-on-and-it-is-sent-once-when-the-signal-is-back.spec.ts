/**
 * Issue 36, on a 390 × 844 phone against the real server, e-mailing a real SMTP server (one server
 * for the file). The owner opens the inbox, a request and the diary with signal; his phone keeps
 * them. The signal goes: the request and the diary open again under the "No signal" bar. He adds a
 * note, books a visit, records £500 on a sent invoice and changes a line of a draft quote: each
 * "Waiting to send", "4 waiting" in the tab bar. The page is closed and another opened, still with
 * no signal: the four still wait. Signal again: the payment's answer is lost on the way back (the
 * test drops it) and the phone sends it again; within 10 s all four are applied once, one receipt
 * and one invitation are e-mailed, and the list is empty. Also: a draft changed on the phone while
 * the computer sends the quote reads "Could not be done" in words; signing out with 2 waiting asks
 * first and leaves nothing kept; a page never kept opens the app's own page; a quote's send that
 * waited over 24 hours on the phone asks again, and goes once on Send now; Send quote on the draft
 * itself says the quote waits for signal.
 */
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { createInvoice, invoiceNumber, saveInvoiceDraft, sendInvoice } from "../../app/lib/invoices/invoices.server.ts";
import { createQuote, quoteById, quoteNumber, saveDraft } from "../../app/lib/quotes/quotes.server.ts";
import { addDays, ukToday } from "../../app/lib/time/uk-time.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtp, subjectOf, waitFor } from "../support/smtp.ts";
import { SELLER } from "../support/invoices.ts";
import { storedJobPhoto } from "../support/owner.ts";
import { PHONE_VIEW, signUp } from "./owner-support.ts";
import { expectNoViolations } from "./support.ts";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let origin: string;

// One worker runs the file's tests in turn, so its one server (and SMTP server) serves them all:
// spread over the run's workers, as the run's fullyParallel would, each worker would start its own.
test.describe.configure({ mode: "default", timeout: 120_000 });

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "No signal is the owner's phone on a roof.");
  smtp = await startSmtp();
  // Each test signs a phone up on the one server: more sign-in steps a minute than a real owner takes.
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "office@example.com", SIGN_IN_RATE_LIMIT: "1000" });
  origin = `http://localhost:${server.port}`;
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const TOMORROW = addDays(ukToday(), 1);
/** "2026-11-29" → "Sun 29 Nov", as the phone writes a day. */
const dayWords = (date: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(new Date(`${date}T12:00:00Z`)).replace(",", "");

const database = () => path.join(server.dataDir, "leads.sqlite");

function withStore<T>(work: (store: LeadStore) => T): T {
  const store = new LeadStore(database());
  try {
    return work(store);
  } finally {
    store.close();
  }
}

/** An open request, with a draft quote of one line and a sent invoice of £1,200.00. */
function aRoofJob(name: string, email: string) {
  return withStore((store) => {
    const lead = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email, phone: "07700 900456", location: "12 Bancroft, Hitchin SG5 1JW", message: "Slipped tiles." }).id;
    const quote = createQuote(store, lead, { actor: "Dave" })!;
    saveDraft(store, quote.id, { lines: [{ description: "Ridge tiles re-bedded", quantity: 100, unitPence: 45000 }], vat: false, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
    const draft = createInvoice(store, { leadId: lead, kind: "blank", vat: true, termsDays: 14, actor: "Dave" });
    if (typeof draft === "string") throw new Error(draft);
    saveInvoiceDraft(store, draft.id, { lines: [{ description: "Slipped tiles refixed", quantity: 100, unitPence: 100000, netPence: 100000, vatPence: 20000 }], dueOn: draft.dueOn, note: "" });
    const invoice = sendInvoice(store, draft.id, { seller: SELLER, customer: { name, address: "12 Bancroft, Hitchin SG5 1JW", email }, actor: "Dave" });
    if (typeof invoice === "string") throw new Error(invoice);
    return { lead, quote: quote.id, quoteNumber: quoteNumber(quoteById(store, quote.id)!), invoice: invoice.id, invoiceNumber: invoiceNumber(invoice) };
  });
}

/** What the server holds of the job: notes, booked visits, payments and the quote's lines. */
function heldOf(job: ReturnType<typeof aRoofJob>) {
  return withStore((store) => ({
    notes: (store.db.prepare("SELECT body FROM lead_notes WHERE lead_id = ? ORDER BY id").all(job.lead) as { body: string }[]).map((row) => row.body),
    visits: (store.db.prepare("SELECT kind FROM visits WHERE lead_id = ? AND status = 'booked'").all(job.lead) as { kind: string }[]).map((row) => row.kind),
    payments: (store.db.prepare("SELECT amount_pence FROM payments WHERE invoice_id = ? AND removed_at IS NULL").all(job.invoice) as { amount_pence: number }[]).map((row) => row.amount_pence),
    lines: quoteById(store, job.quote)!.lines.map((line) => line.description),
  }));
}

function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("owner-pages-")) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

const tabBar = (page: Page) => page.getByRole("navigation", { name: "Owner" });
const noSignal = (page: Page) => page.getByRole("status").filter({ hasText: "No signal" });
const waitingHere = (page: Page) => page.getByRole("region", { name: "Waiting to send" });
/** The page's script has taken over its forms: with no signal they now wait on the phone. */
const ready = (page: Page) => expect(page.locator("body"), "the page keeps its posts with no signal").toHaveAttribute("data-outbox", "ready");
const BAR = /^No signal\. Showing what you had at \w{3} \d{1,2} \w{3}, \d{2}:\d{2}\.$/;

/** The owner signed in on a phone of his own (a context), his passkey device closed so it can go offline. */
async function aSignedInPhone(browser: Browser, name = "Owner's phone") {
  const context = await browser.newContext(PHONE_VIEW);
  const page = await context.newPage();
  const { cdp } = await signUp(page, name, { origin, database: database() });
  return { context, page, cdp };
}

test("with no signal he adds a note, books a visit, records £500 and changes a quote; back online all four are applied once, a lost answer included", async ({ browser }) => {
  const job = aRoofJob("Margaret Hill", "margaret@example.org");
  const photo = await storedJobPhoto(server.dataDir, job.lead);
  const before = heldOf(job);
  const { context, page: first, cdp } = await aSignedInPhone(browser);
  let page = first;
  await page.goto(`${origin}/admin/requests/${job.lead}`);
  await expect(page.getByRole("heading", { level: 1, name: /Margaret Hill/ })).toBeVisible();
  await page.goto(`${origin}/admin/diary`);
  await expect(page.getByRole("heading", { level: 1, name: "Diary" })).toBeVisible();
  await expect
    .poll(() => keptPaths(page), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(["/admin", "/admin/diary", `/admin/requests/${job.lead}`, `/admin/requests/${job.lead}/visits/new`, `/admin/invoices/${job.invoice}`, `/admin/quotes/${job.quote}`, "/admin/waiting", `/admin/job-photos/${photo}/thumb`]));
  expect(await keptPaths(page), "photos are kept as thumbnails only").not.toContain(`/admin/job-photos/${photo}/large`);

  await cdp.detach();
  await context.setOffline(true);
  await page.goto(`${origin}/admin/requests/${job.lead}`);
  await expect(page.getByRole("heading", { level: 1, name: /Margaret Hill/ })).toBeVisible();
  await expect(noSignal(page)).toHaveText(BAR);
  const thumbnail = page.locator(`img[src="/admin/job-photos/${photo}/thumb"]`);
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: "the photo's thumbnail shows with no signal" }).toBeGreaterThan(0);
  await page.goto(`${origin}/admin/diary`);
  await expect(noSignal(page)).toHaveText(BAR);

  // A note.
  await page.goto(`${origin}/admin/requests/${job.lead}`);
  await ready(page);
  await page.getByRole("textbox", { name: "Add a note" }).fill("Scaffold booked for Tuesday.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(waitingHere(page)).toContainText("Scaffold booked for Tuesday.");
  await expect(waitingHere(page)).toContainText("Waiting to send");
  await expect(tabBar(page)).toContainText("1 waiting");
  // A visit.
  await page.goto(`${origin}/admin/requests/${job.lead}/visits/new`);
  await ready(page);
  await expect(page.getByText("You have no signal. The invitation will be sent to Margaret when you have.")).toBeVisible();
  await page.getByRole("radio", { name: "Survey" }).check();
  await page.getByLabel("Date", { exact: true }).fill(TOMORROW);
  await page.getByLabel("From", { exact: true }).fill("09:00");
  await page.getByLabel("To", { exact: true }).fill("11:00");
  await page.getByRole("button", { name: "Book visit" }).click();
  await expect(waitingHere(page)).toContainText("Waiting to send");
  await expect(tabBar(page)).toContainText("2 waiting");
  // £500 on the sent invoice.
  await page.goto(`${origin}/admin/invoices/${job.invoice}`);
  await ready(page);
  await page.locator("summary", { hasText: "Record payment" }).click();
  await page.locator("#payment-amount").fill("500");
  await page.locator('button[type="submit"]', { hasText: "Record payment" }).click();
  await expect(waitingHere(page)).toContainText("Waiting to send");
  await expect(tabBar(page)).toContainText("3 waiting");
  // A line of the draft quote.
  await page.goto(`${origin}/admin/quotes/${job.quote}`);
  await ready(page);
  await page.getByRole("textbox", { name: "Description" }).first().fill("Ridge tiles re-bedded in mortar");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(waitingHere(page)).toContainText("Waiting to send");
  await expect(tabBar(page)).toContainText("4 waiting");
  expect(heldOf(job), "nothing reached the server").toEqual(before);

  // The page closed, a new one opened, still with no signal: the four still wait.
  await page.close();
  page = await context.newPage();
  await page.goto(`${origin}/admin/requests/${job.lead}`);
  await expect(waitingHere(page).getByRole("listitem"), "the note and the visit, on the request's page").toHaveCount(2);
  await page.goto(`${origin}/admin/waiting`);
  await expect(page.getByRole("heading", { level: 1, name: "Waiting to send" })).toBeVisible();
  const lines = page.getByRole("main").getByRole("listitem");
  await expect(lines).toHaveCount(4);
  for (const line of await lines.all()) await expect(line).toContainText("Waiting to send");
  // Each in its own words, in the order made.
  await expect(lines.locator("p:first-child")).toHaveText([
    `Note on K-${1000 + job.lead}, Margaret Hill: “Scaffold booked for Tuesday.”`,
    `Visit for Margaret Hill on ${dayWords(TOMORROW)}, 09:00 to 11:00`,
    `Payment of £500.00 on ${job.invoiceNumber}`,
    `Changes to quote ${job.quoteNumber} for Margaret Hill`,
  ]);
  await expectNoViolations(page);
  await expect(tabBar(page)).toContainText("4 waiting");

  // Signal again; the server records the payment but its answer is lost on the way back.
  let dropped = 0;
  await context.route(`${origin}/admin/invoices/${job.invoice}`, async (route) => {
    if (route.request().method() !== "POST" || dropped > 0) return route.fallback();
    dropped++;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await context.setOffline(false);
  const back = Date.now();
  await expect(page.getByText("Nothing is waiting to be sent.")).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - back, "all sent within 10 s").toBeLessThan(10_000);
  expect(dropped, "the payment's first answer was lost").toBe(1);
  await expect(tabBar(page)).not.toContainText("waiting");
  expect(heldOf(job)).toEqual({ notes: ["Scaffold booked for Tuesday."], visits: ["survey"], payments: [50000], lines: ["Ridge tiles re-bedded in mortar"] });

  const toMargaret = () => smtp.messages.filter((mail) => mail.to.includes("margaret@example.org")).map((mail) => subjectOf(mail.raw));
  await waitFor(() => toMargaret().some((subject) => subject.startsWith("Receipt:")) && toMargaret().some((subject) => subject.startsWith("Your roof survey is booked")));
  await page.waitForTimeout(1000); // a second receipt would be on its way by now
  expect(toMargaret().filter((subject) => subject.startsWith("Receipt:"))).toEqual([`Receipt: £500.00 for invoice ${job.invoiceNumber}`]);
  expect(toMargaret().filter((subject) => subject.startsWith("Your roof survey is booked"))).toHaveLength(1);
  await context.close();
});

test("a draft changed on the phone with no signal while the computer sends the quote could not be done, in words, and nothing else changed", async ({ browser }) => {
  const job = aRoofJob("Jo Conflict", "jo@example.org");
  const { context, page, cdp } = await aSignedInPhone(browser);
  await page.goto(`${origin}/admin/quotes/${job.quote}`);
  await expect.poll(() => keptPaths(page), { timeout: 20_000 }).toEqual(expect.arrayContaining([`/admin/quotes/${job.quote}`, `/admin/quotes/${job.quote}/send`]));
  await cdp.detach();
  await context.setOffline(true);
  await page.goto(`${origin}/admin/quotes/${job.quote}`);
  await ready(page);
  await page.getByRole("textbox", { name: "Description" }).first().fill("Ridge tiles re-bedded in mortar");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(waitingHere(page)).toContainText("Waiting to send");
  // Its send, asked with no signal, says so before Yes, and waits too.
  await page.goto(`${origin}/admin/quotes/${job.quote}/send`);
  await ready(page);
  await expect(page.getByText("You have no signal. The quote will be sent to Jo when you have.")).toBeVisible();
  await page.getByRole("button", { name: "Yes, send the quote" }).click();
  await expect(tabBar(page)).toContainText("2 waiting");

  // Meanwhile the quote is sent from his computer, signed in there.
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const computer = await laptop.newPage();
  await signUp(computer, "Owner's laptop", { origin, database: database() });
  await computer.goto(`${origin}/admin/quotes/${job.quote}/send`);
  await computer.getByRole("button", { name: "Yes, send the quote" }).click();
  await expect(computer.getByText(/Quote sent/)).toBeVisible();
  await laptop.close();

  await page.goto(`${origin}/admin/waiting`);
  await context.setOffline(false);
  const lines = page.getByRole("main").getByRole("listitem");
  await expect(lines.first()).toContainText("Could not be done:", { timeout: 10_000 });
  await expect(lines.first()).toContainText("This quote has been sent and is locked.");
  await expect(lines.first().getByRole("link", { name: "Open the page" })).toHaveAttribute("href", `/admin/quotes/${job.quote}`);
  await expect(lines.nth(1)).toContainText(`Send quote ${job.quoteNumber} to Jo Conflict`);
  await expect(lines.nth(1)).toContainText(`Not sent, because "Changes to quote ${job.quoteNumber} for Jo Conflict" could not be done.`);
  await expectNoViolations(page);
  expect(heldOf(job).lines, "the sent quote is as it was sent").toEqual(["Ridge tiles re-bedded"]);
  const quoteMails = () => smtp.messages.filter((mail) => mail.to.includes("jo@example.org") && subjectOf(mail.raw).includes(job.quoteNumber));
  await waitFor(() => quoteMails().length > 0);
  await page.waitForTimeout(500);
  expect(quoteMails(), "the quote e-mailed once, from the computer").toHaveLength(1);
  await lines.first().getByRole("button", { name: "Dismiss" }).click();
  // What it held is not sent by itself: it stays until dismissed too.
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(`Send quote ${job.quoteNumber} to Jo Conflict`);
  await lines.first().getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Nothing is waiting to be sent.")).toBeVisible();
  await context.close();
});

test("Send quote on the draft with no signal says the quote waits for signal, and keeps what he typed", async ({ browser }) => {
  const job = aRoofJob("Sam Draft", "sam@example.org");
  const { context, page, cdp } = await aSignedInPhone(browser);
  await page.goto(`${origin}/admin/quotes/${job.quote}`);
  await expect.poll(() => keptPaths(page), { timeout: 20_000 }).toContain(`/admin/quotes/${job.quote}`);
  await cdp.detach();
  await context.setOffline(true);
  await page.goto(`${origin}/admin/quotes/${job.quote}`);
  await ready(page);
  const words = "You have no signal, so the quote cannot be sent yet. Save draft keeps your changes on your phone; press Send quote when you have signal.";
  await expect(page.getByText(words)).toBeVisible();
  await page.getByRole("textbox", { name: "Description" }).first().fill("Ridge tiles re-bedded in mortar");
  await page.getByRole("button", { name: "Send quote" }).click();
  await expect(page.getByRole("status").filter({ hasText: words })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Description" }).first(), "what he typed stays").toHaveValue("Ridge tiles re-bedded in mortar");
  await expect(tabBar(page)).not.toContainText("waiting");
  await context.close();
});

test("a send to a customer that waited over 24 hours on the phone asks again before it goes, and goes once on Send now", async ({ browser }) => {
  const job = aRoofJob("Ann Late", "ann@example.org");
  const { context, page, cdp } = await aSignedInPhone(browser);
  await page.goto(`${origin}/admin/quotes/${job.quote}`);
  await expect.poll(() => keptPaths(page), { timeout: 20_000 }).toEqual(expect.arrayContaining([`/admin/quotes/${job.quote}/send`, "/admin/waiting"]));
  await cdp.detach();
  await context.setOffline(true);
  await page.goto(`${origin}/admin/quotes/${job.quote}/send`);
  await ready(page);
  await page.getByRole("button", { name: "Yes, send the quote" }).click();
  await expect(tabBar(page)).toContainText("1 waiting");
  // A day and an hour pass before the signal comes back: the phone's outbox says when it was made.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("owner-outbox");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction("items", "readwrite").objectStore("items");
    const items = await new Promise<{ madeAt: string }[]>((resolve) => {
      const all = store.getAll();
      all.onsuccess = () => resolve(all.result);
    });
    for (const item of items) store.put({ ...item, madeAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() });
    await new Promise((resolve) => (store.transaction.oncomplete = resolve));
    db.close();
  });
  await page.goto(`${origin}/admin/waiting`);
  await context.setOffline(false);
  const line = page.getByRole("main").getByRole("listitem");
  await expect(line).toContainText(`Send quote ${job.quoteNumber} to Ann Late`);
  await expect(line).toContainText("Not sent: it has waited more than 24 hours. Send it to the customer now?");
  await page.waitForTimeout(1000); // it would have gone by now
  expect(withStore((store) => quoteById(store, job.quote)!.status), "not sent without his yes").toBe("draft");
  await line.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText("Nothing is waiting to be sent.")).toBeVisible({ timeout: 10_000 });
  expect(withStore((store) => quoteById(store, job.quote)!.status)).toBe("sent");
  const quoteMails = () => smtp.messages.filter((mail) => mail.to.includes("ann@example.org") && subjectOf(mail.raw).includes(job.quoteNumber));
  await waitFor(() => quoteMails().length > 0);
  await page.waitForTimeout(500);
  expect(quoteMails(), "the quote e-mailed once").toHaveLength(1);
  await context.close();
});

test("signing out with 2 waiting asks first and leaves nothing kept; a page never kept opens the app's own page; the public site gets no worker", async ({ browser }) => {
  const job = aRoofJob("Peter Shaw", "peter@example.org");
  const lost = withStore((store) => {
    const id = store.add({ form: "quote", page: "/", name: "Peter Lost", email: "", phone: "07700 900456", location: "3 Bancroft, Hitchin SG5 1JW", message: "Ridge." }).id;
    store.db.prepare("UPDATE leads SET status = 'lost' WHERE id = ?").run(id);
    return id;
  });
  const { context, page, cdp } = await aSignedInPhone(browser);
  await page.goto(`${origin}/admin/requests/${job.lead}`);
  await expect.poll(() => keptPaths(page), { timeout: 20_000 }).toEqual(expect.arrayContaining([`/admin/requests/${job.lead}`, "/admin/offline"]));
  expect(await keptPaths(page), "a closed request is not kept").not.toContain(`/admin/requests/${lost}`);
  await cdp.detach();
  await context.setOffline(true);

  for (const never of ["/admin/insights", `/admin/requests/${lost}`]) {
    await page.goto(`${origin}${never}`);
    await expect(page.getByRole("heading", { level: 1, name: "Not saved on your phone" })).toBeVisible();
    await expect(page.getByText("This page was not saved on your phone. It opens when you have signal.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Open requests" })).toHaveAttribute("href", "/admin");
    await expect(page.getByRole("link", { name: "Open the diary" })).toHaveAttribute("href", "/admin/diary");
  }
  await expectNoViolations(page);

  await page.goto(`${origin}/admin/requests/${job.lead}`);
  await ready(page);
  for (const note of ["Gutter first.", "Then the ridge."]) {
    await page.getByRole("textbox", { name: "Add a note" }).fill(note);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(waitingHere(page)).toContainText(note);
  }
  await expect(tabBar(page)).toContainText("2 waiting");
  // Signal again, but too weak for the notes to get through: they still wait.
  await context.route(`${origin}/admin/requests/${job.lead}`, (route) => (route.request().method() === "POST" ? route.abort("timedout") : route.fallback()));
  await context.setOffline(false);
  await page.goto(`${origin}/admin/more`);
  await expect(tabBar(page)).toContainText("2 waiting");
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect.poll(() => asked).toEqual(["2 things have not been sent. Sign out and lose them?"]);
  await expect(page).toHaveURL(/\/admin\/more$/);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(0);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
  expect(heldOf(job).notes, "nothing was sent").toEqual([]);

  // The public site: no service worker, no script.
  await page.goto(`${origin}/`);
  expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration("/")))).toBe(false);
  expect(await page.locator("script[src]").count()).toBe(0);
  await context.close();
});
