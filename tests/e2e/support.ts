/**
 * What the browser tests share: the site's content (the same lists the build prerenders), the
 * business facts a visitor sees, a look into the request store, and a few small helpers.
 */
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { expect, test, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import type { NewLead } from "../../app/lib/requests/lead.ts";
import { referenceOf } from "../../app/lib/forms/reference.ts";

import { areasIn as areasOf, fileContent, type Region } from "../../app/content/index.ts";

export { aliasPaths, areaPath, canonicalPaths, servicePath } from "../../app/content/index.ts";

/** The content the build renders: the files. */
export const content = fileContent;
export const areasIn = (region: Region) => areasOf(fileContent, region);

/** DECISIONS.md, "The business's identity". */
export const PHONE = "07700 900123";
export const TEL_HREF = "tel:+447700900123";
export const MAIL_HREF = "mailto:info@example.com";
export const CHAT_URL = "https://wa.me/447700900123";
/** The address canonical links are built on (SITE_URL at build time). */
export const SITE_URL = (process.env.SITE_URL || "https://www.example.com").replace(/\/+$/, "");

/** The store the test server writes to (DATA_DIR in playwright.config.ts, fresh for each run). */
export const LEADS_DB = path.join(process.env.E2E_DATA_DIR ?? fileURLToPath(new URL("../../.e2e-data", import.meta.url)), "leads.sqlite");
/** The test server's DATA_DIR, for the helpers that take one (tests/support/owner.ts's `withStore`). */
export const SHARED_DATA_DIR = path.dirname(LEADS_DB);

/** Runs the tests of the file (or describe block) it is called in on one project only. */
export function onlyIn(project: "phone" | "desktop", why: string) {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== project, why);
  });
}

/** A name no other test (or earlier run) uses, so its stored request can be found again. */
export function uniqueName(testInfo: TestInfo, who: string): string {
  return `${who} ${testInfo.project.name} ${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

/** A stored request as the browser tests compare it: what the visitor sent and where from. */
export type StoredLead = NewLead;

/** The stored requests sent under this name, read straight from the server's SQLite file. */
export function leadsNamed(name: string): StoredLead[] {
  const db = new DatabaseSync(LEADS_DB, { readOnly: true });
  try {
    const rows = db
      .prepare("SELECT form, page, name, email, phone, location, message FROM leads WHERE name = ? ORDER BY id")
      .all(name);
    return rows.map((row) => ({ ...row }) as unknown as StoredLead);
  } finally {
    db.close();
  }
}

/** The reference the visitor is shown for the one request stored under this name. */
export function referenceOfLead(name: string): string {
  const db = new DatabaseSync(LEADS_DB, { readOnly: true });
  try {
    const row = db.prepare("SELECT id FROM leads WHERE name = ?").get(name) as { id: number };
    return referenceOf(row.id);
  } finally {
    db.close();
  }
}

/** The success notice with a request's reference under it. */
export const withReference = (notice: string, reference: string) => `${notice} Your reference: ${reference}. Quote it if you call us.`;

/** Expects the contact request sent with these fields to be stored, exactly once and as sent. */
export async function expectStoredContact(sent: { name: string; email: string; phone: string; postcode: string; message: string }) {
  expect(await storedLead(sent.name)).toEqual({
    form: "contact",
    page: "/contact",
    name: sent.name,
    email: sent.email,
    phone: sent.phone,
    location: sent.postcode,
    message: sent.message,
  });
}

/** Waits until exactly one request under this name is stored, and returns it. */
export async function storedLead(name: string): Promise<StoredLead> {
  await expect.poll(() => leadsNamed(name).length, { message: `one stored request named "${name}"`, timeout: 5_000 }).toBe(1);
  return leadsNamed(name)[0]!;
}

/** Waits until the page's script has taken over the form (it then marks it `data-enhanced`). */
export async function waitForHydration(element: Locator) {
  await expect(element, "the page's script has taken over the form").toHaveAttribute("data-enhanced", "");
}

/** Colour checks that survive a change of shade: "red" is a strong red channel and weak others. */
export async function expectRed(locator: Locator, property: "color" | "border-top-color") {
  await expect
    .poll(async () => {
      const value = await locator.evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property);
      const [r = 0, g = 0, b = 0] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return r >= 150 && g <= 90 && b <= 90 ? "red" : value;
    }, { message: `${property} is red` })
    .toBe("red");
}

/** The few entities React writes into HTML, decoded. */
export function decodeHtml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
}

/** The visible text of an HTML fragment: tags dropped, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return decodeHtml(html.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
}

/**
 * Answers wa.me inside the browser with a stand-in page reading "Chat app", so nothing leaves
 * the machine. Returns the chat links the browser asked for.
 */
export async function fakeChatApp(context: BrowserContext): Promise<string[]> {
  const opened: string[] = [];
  await context.route("https://wa.me/**", (route) => {
    opened.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Chat</title><p>Chat app</p>" });
  });
  return opened;
}

/** The chat text a wa.me link carries. */
export function chatText(url: string): string {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe(CHAT_URL);
  return parsed.searchParams.get("text") ?? "";
}

/** The contact page's message form, found by its title and labels. */
export function contactForm(page: Page) {
  const form = page.getByRole("form", { name: "Send Us A Message" });
  return {
    form,
    name: form.getByLabel("Full Name"),
    email: form.getByLabel("Email Address"),
    phone: form.getByLabel("Phone Number"),
    postcode: form.getByLabel("Postcode"),
    message: form.getByLabel("Message"),
    send: form.getByRole("button", { name: "Send Message" }),
  };
}

export type ContactFieldName = "name" | "email" | "phone" | "postcode" | "message";

/** A request that passes every rule of spec §5. */
export const VALID_CONTACT: Record<ContactFieldName, string> = {
  name: "Sarah Miles",
  email: "sarah.miles@example.co.uk",
  phone: "01438 123456",
  postcode: "SG1 1AA",
  message: "A slipped tile above the porch is letting rain in.",
};

/** The invalid values of spec §5 and the message each must bring up. */
export const CONTACT_ERRORS: { field: ContactFieldName; value: string; message: string }[] = [
  { field: "name", value: "", message: "Name is required" },
  { field: "name", value: "a".repeat(101), message: "Name must be less than 100 characters" },
  { field: "email", value: "sarah@", message: "Invalid email address" },
  { field: "phone", value: "123456789", message: "Phone number must be at least 10 digits" },
  { field: "phone", value: "1".repeat(21), message: "Phone number must be less than 20 characters" },
  { field: "phone", value: "01438 12345x", message: "Invalid phone number format" },
  { field: "postcode", value: "", message: "Postcode is required" },
  { field: "postcode", value: "SG1 1AA 123", message: "Postcode must be less than 10 characters" },
  { field: "message", value: "Too short", message: "Message must be at least 10 characters" },
  { field: "message", value: "a".repeat(1001), message: "Message must be less than 1000 characters" },
];

/**
 * The message shows under its field in red, the field is marked invalid with a red border, and
 * the field names the message as its description (aria-describedby), so a screen reader says it.
 */
export async function expectFieldError(page: Page, field: Locator, message: string, hint?: string) {
  const shown = page.getByText(message, { exact: true });
  await expect(shown).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // A field with a hint is described by the hint, then the message.
  await expect(field).toHaveAccessibleDescription(hint ? `${hint} ${message}` : message);
  const id = await shown.getAttribute("id");
  expect(id, "the message has an id for aria-describedby").toBeTruthy();
  expect((await field.getAttribute("aria-describedby"))?.split(/\s+/)).toContain(id);
  await expectRed(shown, "color");
  await expectRed(field, "border-top-color");
  // Both boxes measured at one moment, so a scroll in between cannot skew them.
  const { gap, indent } = await field.evaluate((el, messageId) => {
    const f = el.getBoundingClientRect();
    const m = document.getElementById(messageId)!.getBoundingClientRect();
    return { gap: m.top - f.bottom, indent: m.left - f.left };
  }, id!);
  expect(gap, "the message is right under its field").toBeGreaterThanOrEqual(-1);
  expect(gap, "the message is right under its field").toBeLessThan(24);
  expect(Math.abs(indent), "in line with the field").toBeLessThan(8);
}

/** The field carries no error. */
export async function expectFieldFine(field: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("");
}

/** axe-core finds no violation on the page as it is now, best-practice rules included. */
export async function expectNoViolations(page: Page) {
  // Only the violations are read: listing every passing node too costs a third of axe's time.
  // Legacy mode runs axe in the page itself; the default opens a second page to merge results
  // from cross-origin frames, which these pages never have, and takes three times as long.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n    ")}`,
  );
  expect(summary).toEqual([]);
}
