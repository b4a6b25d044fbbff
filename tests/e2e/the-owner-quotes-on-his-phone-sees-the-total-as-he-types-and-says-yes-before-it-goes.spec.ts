/**
 * Issue 26 §4 and §8–9 (and the written quote before it): from request to won job. The owner,
 * signed in on a 390 px phone, creates a quote from a request with three lines and VAT; the
 * totals follow his typing before anything is saved (and Check totals gives the same without
 * JavaScript); a price of "abc" is refused at its field. Send quote asks first, showing whom, the
 * total and the date: nothing is e-mailed before Yes, a quote changed since is not sent, a second
 * Yes sends nothing more. The e-mail arrives over real SMTP as a letter (plain text beside HTML in
 * British English, a "View your quote" button), with the PDF, which read as text holds the lines
 * and the totals. The customer opens the link with JavaScript off, reads each line and the whole
 * total at 320, 360 and 390 px with nothing scrolling sideways, then follows the e-mail's other
 * link to their own page (issue 27 §6) and accepts there, still without JavaScript, typing their
 * name; the quote's own link then says so too. The quote is then locked (an edit is refused),
 * the request is Won, the customer's copy has arrived and the owner was told. axe finds nothing
 * on the owner's quote pages or the customer's.
 *
 * The journey runs against a server of its own, started with e-mail set up, so the e-mails can
 * be read; the shared test server has none.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { fileContent } from "../../app/content/index.ts";
import { bookVisits } from "../../app/lib/visits/book.server.ts";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { addDays, ukInstant, ukToday } from "../../app/lib/time/uk-time.ts";
import { signUp } from "./owner-support.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { attachmentsOf, headersOf, letterParts, startSmtp, waitFor } from "../support/smtp.ts";
import { expectNoViolations, uniqueName } from "./support.ts";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
const OWNER_MAIL = "office@example.com";

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner writes quotes on a phone.");
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: OWNER_MAIL, FORM_RATE_LIMIT: "1000" });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const LINES = [
  { description: "Scaffold to the rear", quantity: "1", unitPrice: "450" },
  { description: "Replace slipped tiles", quantity: "12", unitPrice: "18.50" },
  { description: "Lead flashing renewed", quantity: "2.5", unitPrice: "64.99" },
];
// 450 + 222 + 162.48 (2.5 × 64.99 = 162.475, half a penny up) = 834.48; VAT 90 + 44.40 + 32.50 = 166.90.
const TOTALS = ["£450.00", "£222.00", "£162.48", "£834.48", "£166.90", "£1,001.38"];

test("the owner quotes on his phone, sees the total as he types and says yes before it goes; the customer accepts it without JavaScript", async ({ browser }, testInfo) => {
  const name = uniqueName(testInfo, "Morag Quoteworthy");
  const email = `morag-${Date.now()}@example.org`;
  const database = path.join(server.dataDir, "leads.sqlite");
  const store = new LeadStore(database);
  const leadId = store.add({ form: "quote", page: "/", name, email, phone: "07700 900321", location: "4 Church Road, Hitchin", message: "Tiles slipped after the storm." }).id;
  // A survey already booked for the day after tomorrow, 9:00–11:00 UK time (its own journey books through the pages).
  const surveyDay = addDays(ukToday(), 2);
  const survey = bookVisits(store, leadId, { kind: "survey", days: [{ start: ukInstant(surveyDay, 9 * 60), end: ukInstant(surveyDay, 11 * 60) }], notes: "" }, { actor: "Test", hours: fileContent.business.openingHours, mail: false })![0]!;
  store.close();

  const owner = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: true });
  const page = await owner.newPage();
  const origin = `http://localhost:${server.port}`;
  await signUp(page, "Owner's phone", { origin, database });
  await page.getByRole("link", { name: new RegExp(`^${name}`) }).click();
  await page.getByRole("button", { name: "Create quote" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Quote Q-\d{4}-\d{4}$/ })).toBeVisible();
  await expectNoViolations(page);

  for (const [i, line] of LINES.entries()) {
    if (i > 0) await page.getByRole("button", { name: "Add a line" }).click();
    const group = page.getByRole("group", { name: `Line ${i + 1}` });
    await group.getByLabel("Description").fill(line.description);
    await group.getByLabel("Quantity").fill(line.quantity);
    await group.getByLabel("Unit price (£)").fill(line.unitPrice);
  }
  // The totals as he types, within a second, before anything is saved: with VAT (a new quote's
  // default while the site has a VAT number), without it, and with it again.
  const output = (name: string) => page.locator(`output[name="${name}"]`);
  const vat = page.getByLabel("Add VAT at 20 %");
  await expect(vat).toBeChecked();
  for (const [name, figure] of [["net", "£834.48"], ["vat", "£166.90"], ["total", "£1,001.38"]]) await expect(output(name!)).toHaveText(figure!, { timeout: 1000 });
  await vat.uncheck();
  for (const [name, figure] of [["vat", "£0.00"], ["total", "£834.48"]]) await expect(output(name!)).toHaveText(figure!, { timeout: 1000 });
  await vat.check();
  // A price that is not one: left out of the totals as typed, refused at its field on saving, kept as typed.
  const third = page.getByRole("group", { name: "Line 3" }).getByLabel("Unit price (£)");
  await third.fill("abc");
  await expect(output("total")).toHaveText("£806.40", { timeout: 1000 });
  await expect(page.getByText("One line is left out until its quantity and price are numbers.")).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("An amount in pounds, such as 450 or 12.50.")).toBeVisible();
  await expect(third).toHaveValue("abc");
  await third.fill("64.99");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").and(page.locator("p"))).toHaveText("Draft saved.");
  await expect(page.getByRole("definition").filter({ hasText: "£1,001.38" }).first()).toBeVisible();
  await expectNoViolations(page);
  const quoteUrl = page.url().replace(/\?.*$/, "");

  // Without JavaScript, Check totals works them out on the server, keeping all typed.
  const plain = await browser.newContext({ storageState: await owner.storageState(), viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const plainPage = await plain.newPage();
  await plainPage.goto(quoteUrl);
  await plainPage.getByRole("group", { name: "Line 2" }).getByLabel("Quantity").fill("10");
  await plainPage.getByRole("button", { name: "Check totals" }).click();
  await expect(plainPage.locator('output[name="total"]')).toHaveText("£956.98");
  await expect(plainPage.getByRole("group", { name: "Line 2" }).getByLabel("Quantity")).toHaveValue("10");
  await plain.close();

  // Send quote asks first: whom, the total, the date. Nothing is e-mailed before Yes.
  await page.getByRole("button", { name: "Send quote" }).click();
  await expect(page).toHaveURL(`${quoteUrl}/send`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Send this quote to ${name}?`);
  for (const words of [email, "£1,001.38"]) await expect(page.getByRole("main")).toContainText(words);
  await expect(page.getByText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/).first(), "the valid-until date").toBeVisible();
  await expectNoViolations(page);
  const version = await page.locator('input[name="version"]').inputValue();
  const stale = await page.request.post(`${quoteUrl}/send`, { form: { version: "changed-since" }, headers: { Origin: origin }, maxRedirects: 0 });
  expect(stale.status(), "a quote changed since the page was shown is not sent").toBe(409);
  expect(smtp.messages.filter((m) => m.to.includes(email)), "nothing e-mailed before Yes").toEqual([]);
  await page.getByRole("button", { name: "Yes, send the quote" }).click();
  await expect(page.getByRole("status").and(page.locator("p"))).toContainText("Quote sent.");
  const again = await page.request.post(`${quoteUrl}/send`, { form: { version }, headers: { Origin: origin }, maxRedirects: 0 });
  expect([again.status(), again.headers().location], "a second tap finds it sent").toEqual([303, "/admin/quotes/" + quoteUrl.split("/").pop() + "?saved=sent"]);

  const sent = await waitFor(() => smtp.messages.find((m) => m.to.includes(email)));
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(smtp.messages.filter((m) => m.to.includes(email)), "sent once").toHaveLength(1);
  expect(headersOf(sent.raw).get("subject")).toMatch(/^Your quote Q-\d{4}-\d{4} from Kestrel Roofing$/);
  // A letter: plain text beside HTML in British English, under Gmail's 100 KB, with one button to the quote.
  const letter = letterParts(sent.raw);
  expect(letter.html).toContain('<html lang="en-GB">');
  expect(Buffer.byteLength(letter.html)).toBeLessThan(100_000);
  expect(letter.text).toContain(`Dear ${name},`);
  const button = /<a href="(https?:\/\/[^"]+\/q\/[\w-]+)"[^>]*>View your quote<\/a>/.exec(letter.html)![1]!;
  expect(letter.text).toContain(`View your quote: ${button}`);
  const pdfFile = testInfo.outputPath("quote.pdf");
  writeFileSync(pdfFile, attachmentsOf(sent.raw)[0]!.bytes);
  const pdf = execFileSync("pdftotext", ["-layout", pdfFile, "-"], { encoding: "utf8" });
  for (const words of [...LINES.map((line) => line.description), ...TOTALS, "Kestrel Roofing", "07700 900123", "info@example.com", "4 Church Road, Hitchin", "Page 1 of 1"]) expect(pdf).toContain(words);
  const link = new URL(button).pathname;

  // axe runs in the page, so it checks the customer's pages in a tab with JavaScript on (they run none).
  const look = await owner.newPage();
  await look.goto(`${origin}${link}`);
  await expectNoViolations(look);
  // The browser's own check stops an empty name; the server's message is what a browser without it gets.
  await look.getByLabel("Your full name").evaluate((input) => input.removeAttribute("required"));
  await look.getByRole("button", { name: "Accept quote" }).click();
  await expect(look.getByText("Type your full name to accept the quote.")).toBeVisible();
  await expectNoViolations(look);

  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  const customerPage = await customer.newPage();
  await customerPage.goto(`${origin}${link}`);
  await expect(customerPage.getByRole("heading", { level: 1, name: /^Quote Q-\d{4}-\d{4} from Kestrel Roofing$/ })).toBeVisible();
  await expect(customerPage.getByText("Address of the work: 4 Church Road, Hitchin")).toBeVisible();
  await expect(customerPage.getByRole("main").getByRole("link", { name: "07700 900123" })).toBeVisible();
  // On a 320, 360 and 390 px phone each line stands on its own, nothing scrolls sideways, the
  // (large) total is read whole before Accept quote, and the lines, the net and the VAT after it.
  for (const width of [320, 360, 390]) {
    await customerPage.setViewportSize({ width, height: 740 });
    expect(await customerPage.evaluate(() => document.documentElement.scrollWidth), `${width} px: no sideways scroll`).toBeLessThanOrEqual(width);
    const lines = customerPage.getByRole("list", { name: /^Quote Q-/ });
    await expect(lines.getByRole("listitem")).toHaveCount(3);
    await expect(lines.getByRole("listitem").nth(1)).toHaveText(/^Replace slipped tiles\s*12 × £18\.50 = £222\.00$/);
    const accept = (await customerPage.getByRole("button", { name: "Accept quote" }).boundingBox())!;
    const total = (await customerPage.getByRole("region", { name: "Accept the quote" }).getByText("Total £1,001.38").boundingBox())!;
    expect(total.x + total.width <= width && total.y + total.height < accept.y, `${width} px: the total, whole, before Accept quote`).toBe(true);
    expect((await lines.boundingBox())!.y, `${width} px: the lines after Accept quote`).toBeGreaterThan(accept.y);
    for (const [term, amount] of [["Net", "£834.48"], ["VAT at 20%", "£166.90"], ["Total including VAT", "£1,001.38"]] as const) {
      const shown = customerPage.getByRole("definition").filter({ hasText: amount });
      await expect(customerPage.getByRole("term").filter({ hasText: term })).toBeVisible();
      const box = (await shown.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= width, `${width} px: ${amount} is on the screen`).toBe(true);
      expect(await shown.evaluate((el) => el.scrollWidth - el.clientWidth), `${width} px: ${amount} is not clipped`).toBeLessThanOrEqual(0);
      expect(box.y, `${width} px: ${amount} comes after Accept quote`).toBeGreaterThan(accept.y);
    }
  }
  await customerPage.setViewportSize({ width: 390, height: 844 });
  // The e-mail's other link opens the customer's own page, where the same quote is accepted the same way.
  const ownPage = /<a href="https?:\/\/[^"]+(\/c\/[\w-]+)"[^>]*>Your page for this request<\/a>/.exec(letter.html)![1]!;
  await customerPage.goto(`${origin}${ownPage}`);
  await expect(customerPage.getByRole("heading", { level: 1, name: /^Your request K-\d+$/ })).toBeVisible();
  // Without JavaScript: the survey goes into their calendar at its London hour, and they ask to rearrange it.
  const download = customerPage.waitForEvent("download");
  const now = customerPage.getByRole("region", { name: "What to do now" });
  await now.getByText("Add to calendar").click();
  await now.getByRole("link", { name: /calendar file/ }).click();
  const calendar = readFileSync((await (await download).path())!, "utf8");
  expect(calendar).toContain(`UID:${survey.uid}`);
  expect(calendar).toContain(`DTSTART:${ukInstant(surveyDay, 9 * 60).toISOString().replace(/[-:]|\.\d{3}/g, "")}`);
  const WORDS = "Could you come on Friday instead? I am at work on that day.";
  await customerPage.getByText("Ask to rearrange").click();
  await customerPage.getByLabel("What would suit you better?").fill(WORDS);
  await customerPage.getByRole("button", { name: "Send" }).click();
  await expect(customerPage.getByRole("status")).toHaveText("Thank you: we have your message, and will be in touch to find another time.");
  const rearrange = await waitFor(() => smtp.messages.find((m) => m.to.includes(OWNER_MAIL) && /asks to rearrange a visit/.test(headersOf(m.raw).get("subject") ?? "")));
  expect(letterParts(rearrange.raw).text, "the owner's e-mail holds the words").toContain(WORDS);
  await customerPage.getByLabel("Your full name").fill(name);
  await customerPage.getByRole("button", { name: "Accept quote" }).click();
  await expect(customerPage).toHaveURL(new RegExp(`${ownPage}#quote-\\d+-heading$`));
  await expect(customerPage.getByRole("status")).toContainText(`You accepted this quote as ${name}`);
  await expect(customerPage.getByRole("button", { name: "Accept quote" })).toHaveCount(0);
  await customerPage.goto(`${origin}${link}`);
  await expect(customerPage.getByRole("status")).toContainText(`You accepted this quote as ${name}`);
  await customer.close();
  await look.goto(`${origin}${link}`);
  await expectNoViolations(look);

  await page.goto(quoteUrl);
  await expect(page.getByText(`Accepted by ${name}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save draft" }), "a sent quote shows no form to edit it").toHaveCount(0);
  await expectNoViolations(page);
  const edit = await page.request.post(quoteUrl, { form: { intent: "save", description: "Cheaper", quantity: "1", unitPrice: "1", validUntil: "2099-01-01" }, headers: { Origin: origin } });
  expect(edit.status()).toBe(409);
  await page.getByRole("link", { name: /^Back to / }).click();
  await expect(page.getByText("Won", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Asked to rearrange: “${WORDS}”`)).toBeVisible();
  // Won: the next step schedules the job's days: a first day and how many.
  await page.getByRole("link", { name: "Schedule job" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule job" })).toBeVisible();
  await expect(page.getByLabel("How many days")).toBeVisible();
  await owner.close();

  const copy = await waitFor(() => smtp.messages.find((m) => m.to.includes(email) && /accepted quote/.test(headersOf(m.raw).get("subject") ?? "")));
  expect(attachmentsOf(copy.raw)).toHaveLength(1);
  const told = await waitFor(() => smtp.messages.find((m) => m.to.includes(OWNER_MAIL) && /ACCEPTED quote/.test(headersOf(m.raw).get("subject") ?? "")));
  expect(headersOf(told.raw).get("subject")).toContain(name);
});
