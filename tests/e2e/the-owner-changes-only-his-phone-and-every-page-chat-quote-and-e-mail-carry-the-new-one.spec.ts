/**
 * One phone number everywhere. The owner, signed in on a 390 px phone, first types what Your
 * site's short pages must refuse (markup in the phone; a javascript: Facebook link and a review
 * link that is not Google's): each is refused at its field and nothing goes live. Then he changes
 * only his phone number and publishes from the page's bar: every page's tel: links and structured data, the contact page's chat with
 * JavaScript on and off (the chat number follows the phone), and a new quote's PDF and e-mail
 * over real SMTP carry the new number, and no page has the old one in any spelling.
 *
 * Run against a server of its own, with e-mail set up, so the shared test server's pages stay as
 * built and the e-mails can be read.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { aliasPaths, canonicalPaths, fileContent } from "../../app/content/index.ts";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { ownerOnAServerWithMail, PHONE_VIEW } from "./owner-support.ts";
import { attachmentsOf, headersOf, waitFor } from "../support/smtp.ts";
import { contactForm, expectNoViolations, fakeChatApp, uniqueName, VALID_CONTACT } from "./support.ts";

const OLD = fileContent.business.phone;
const NEW = { display: "01438 555123", e164: "+441438555123" };
/** The old number in every spelling a page, a link or a PDF could carry it. */
const OLD_SPELLINGS = [OLD.display, OLD.display.replaceAll(" ", ""), OLD.e164, OLD.e164.slice(1)];

type OwnServer = Awaited<ReturnType<typeof ownerOnAServerWithMail>>;
let smtp: OwnServer["smtp"];
let server: OwnServer["server"];
let origin: string;
let owner: Page;
let close: OwnServer["close"] | undefined;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner changes his site from his phone.");
  ({ smtp, server, origin, owner, close } = await ownerOnAServerWithMail(browser, { FORM_RATE_LIMIT: "1000" }));
});
test.afterAll(async () => {
  await close?.();
});

function expectNoOldNumber(text: string, where: string) {
  for (const spelling of OLD_SPELLINGS) expect(text, `${where} has the old number as ${spelling}`).not.toContain(spelling);
}

/** One of Your site's short pages: "contact" or "social". */
async function openFacts(page: string, title: string) {
  await owner.goto(`${origin}/admin/site/${page}`);
  await expect(owner.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

/** The field's message is beside it, tied to it, and the field says it is wrong. */
async function expectRefusedAt(label: string, message: string) {
  const field = owner.getByLabel(label, { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[()]/g, "\\$&")));
}

test("markup in the phone, a javascript: Facebook link and a non-Google review link are refused at their fields, and nothing goes live", async () => {
  await openFacts("contact", "Phone, WhatsApp and e-mail");
  await owner.getByLabel("Phone number", { exact: true }).fill("<b>01438</b> 123456");
  await owner.getByRole("button", { name: "Save draft" }).click();
  await expect(owner.getByRole("alert")).toContainText("Nothing was saved");
  await expectRefusedAt("Phone number", "Enter a phone number such as 01438 555123");
  await expect(owner.getByLabel("Phone number", { exact: true }), "what he typed stays, to correct").toHaveValue("<b>01438</b> 123456");
  await expectNoViolations(owner);

  await openFacts("social", "Social links");
  await owner.getByLabel("Facebook page").fill("javascript:alert(document.cookie)");
  await owner.getByLabel("Google review link").fill("https://www.trustpilot.com/review/kestrelroofing.co.uk");
  await owner.getByRole("button", { name: "Save draft" }).click();
  await expect(owner.getByRole("alert")).toContainText("Nothing was saved");
  await expectRefusedAt("Facebook page", "Must be your Facebook page's address, starting https:// on facebook.com");
  await expectRefusedAt("Google review link", "Must be your Google review link");
  await expect(owner.getByLabel("Facebook page"), "what he typed stays, to correct").toHaveValue("javascript:alert(document.cookie)");

  await owner.goto(`${origin}/admin/site`);
  await expect(owner.getByRole("heading", { name: "Your draft" }), "no draft was saved").toHaveCount(0);
  await openFacts("contact", "Phone, WhatsApp and e-mail");
  await expect(owner.getByLabel("Phone number", { exact: true })).toHaveValue(OLD.display);
  const home = await (await fetch(`${origin}/`)).text();
  expect(home).toContain(`href="tel:${OLD.e164}"`);
  expect(home).not.toContain("&lt;b&gt;");
  expect(home).not.toContain("javascript:");
});

test("the owner changes only his phone and publishes: every page, the chat with JavaScript on and off, and a new quote's PDF and e-mail carry the new number", async ({ browser }, testInfo) => {
  await openFacts("contact", "Phone, WhatsApp and e-mail");
  // The chat follows the phone: "Same" is chosen, and the other number's field is out of the way until chosen.
  const chat = owner.getByRole("group", { name: "Chat number (WhatsApp)" });
  await expect(chat.getByRole("radio", { name: "Same as the phone number" })).toBeChecked();
  await expect(chat.getByLabel("Different chat number")).toBeHidden();
  await chat.getByText("A different number").click();
  await expect(chat.getByLabel("Different chat number")).toBeVisible();
  await expect(chat.getByLabel("Different chat number")).toHaveValue("");
  await expectNoViolations(owner);
  await chat.getByText("Same as the phone number").click();
  await expect(chat.getByLabel("Different chat number")).toBeHidden();

  await owner.getByLabel("Phone number", { exact: true }).fill(NEW.display);
  await owner.getByRole("button", { name: "Save draft" }).click();
  await expect(owner.getByRole("status")).toContainText("Draft saved");
  // The bar's Publish, on the page itself: Your site then says Live.
  await owner.getByRole("button", { name: "Publish" }).click();
  await expect(owner.getByRole("status")).toContainText("Live ✓");
  await expect(owner.getByRole("heading", { level: 1, name: "Your site" })).toBeVisible();
  await owner.getByRole("main").getByRole("link", { name: "Published versions and Undo" }).click();
  await expect(owner.getByText(`Phone number: ${OLD.display} → ${NEW.display}`)).toBeVisible();

  await test.step("every page calls the new number, in its links and its structured data, and none has the old one", async () => {
    for (const pagePath of [...canonicalPaths(), ...aliasPaths(), "/no-such-page"]) {
      const html = await (await fetch(`${origin}${pagePath}`)).text();
      expect(html, pagePath).toContain(`href="tel:${NEW.e164}"`);
      expect(html, pagePath).toContain(NEW.display);
      expectNoOldNumber(html, pagePath);
      if (pagePath === "/no-such-page") continue;
      const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
      expect(ld, `${pagePath}: structured data`).toContain(`"telephone":"${NEW.e164}"`);
    }
  });

  await test.step("the visitor's page: every call button, the floating one included, dials the new number", async () => {
    const visitor = await (await browser.newContext(PHONE_VIEW)).newPage();
    await visitor.goto(`${origin}/`);
    const calls = visitor.locator('a[href^="tel:"]');
    expect(await calls.count()).toBeGreaterThan(1);
    for (const href of await calls.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) expect(href).toBe(`tel:${NEW.e164}`);
    await expect(visitor.locator(`a[href="tel:${NEW.e164}"]:visible`).first()).toBeVisible();
    await visitor.context().close();
  });

  const chatUrl = `https://wa.me/${NEW.e164.slice(1)}`;
  await test.step("with JavaScript, Send Message opens the chat with the new number", async () => {
    const context = await browser.newContext(PHONE_VIEW);
    const opened = await fakeChatApp(context);
    const visitor = await context.newPage();
    await visitor.goto(`${origin}/contact`);
    const f = contactForm(visitor);
    await expect(f.form).toHaveAttribute("data-enhanced", "");
    for (const [field, value] of Object.entries({ ...VALID_CONTACT, name: uniqueName(testInfo, "Chat With Script") })) await f[field as keyof typeof VALID_CONTACT].fill(value);
    const [tab] = await Promise.all([context.waitForEvent("page"), f.send.click()]);
    await tab.waitForURL(/^https:\/\/wa\.me\//);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.startsWith(`${chatUrl}?text=`), opened[0]).toBe(true);
    await context.close();
  });

  await test.step("without JavaScript, the answer's chat link and the browser's hand-off go to the new number", async () => {
    const context = await browser.newContext({ ...PHONE_VIEW, javaScriptEnabled: false });
    const opened = await fakeChatApp(context);
    const visitor = await context.newPage();
    await visitor.goto(`${origin}/contact`);
    const f = contactForm(visitor);
    for (const [field, value] of Object.entries({ ...VALID_CONTACT, name: uniqueName(testInfo, "Chat Without Script") })) await f[field as keyof typeof VALID_CONTACT].fill(value);
    // The answer hands off to the chat app at once, so its body is kept as it passes: once the
    // browser has navigated away, the body is gone.
    let answered: (html: string) => void;
    const answer = new Promise<string>((resolve) => (answered = resolve));
    await visitor.route(`${origin}/contact`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch();
      const body = await response.text();
      answered(body);
      await route.fulfill({ response, body });
    });
    await f.send.click();
    const html = (await answer).replaceAll("&amp;", "&");
    expect(/<a href="([^"]+)"[^>]*>Open the chat with your message<\/a>/.exec(html)?.[1]).toMatch(new RegExp(`^${chatUrl}\\?text=`));
    expectNoOldNumber(html, "the contact page's answer");
    await visitor.waitForURL(/^https:\/\/wa\.me\//);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.startsWith(`${chatUrl}?text=`), opened[0]).toBe(true);
    await context.close();
  });

  await test.step("a new quote's e-mail and PDF, over real SMTP, carry the new number", async () => {
    const name = uniqueName(testInfo, "Quentin Newnumber");
    const email = `quentin-${Date.now()}@example.org`;
    const database = path.join(server.dataDir, "leads.sqlite");
    const store = new LeadStore(database);
    store.add({ form: "quote", page: "/", name, email, phone: "07700 900321", location: "4 Church Road, Hitchin", message: "Tiles slipped after the storm." });
    store.close();
    await owner.goto(`${origin}/admin`);
    await owner.getByRole("link", { name: new RegExp(`^${name}`) }).click();
    await owner.getByRole("button", { name: "Create quote" }).click();
    const line = owner.getByRole("group", { name: "Line 1" });
    await line.getByLabel("Description").fill("Replace slipped tiles");
    await line.getByLabel("Quantity").fill("12");
    await line.getByLabel("Unit price (£)").fill("18.50");
    await owner.getByRole("button", { name: "Save draft" }).click();
    await expect(owner.getByRole("status").and(owner.locator("p"))).toHaveText("Draft saved.");
    await owner.getByRole("button", { name: "Send quote" }).click();
    await owner.getByRole("button", { name: "Yes, send the quote" }).click();
    await expect(owner.getByRole("status").and(owner.locator("p"))).toContainText("Quote sent.");

    const sent = await waitFor(() => smtp.messages.find((m) => m.to.includes(email) && /^Your quote/.test(headersOf(m.raw).get("subject") ?? "")));
    const text = sent.raw.replace(/=\r?\n/g, "");
    expect(text).toContain(`Call ${NEW.display}`);
    const pdfFile = testInfo.outputPath("quote.pdf");
    writeFileSync(pdfFile, attachmentsOf(sent.raw)[0]!.bytes);
    const pdf = execFileSync("pdftotext", ["-layout", pdfFile, "-"], { encoding: "utf8" });
    expect(pdf).toContain(NEW.display);
    expectNoOldNumber(pdf, "the quote's PDF");
    expectNoOldNumber(text.split(/Content-Disposition: attachment/i)[0]!, "the quote's e-mail");
  });
});
