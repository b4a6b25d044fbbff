/**
 * Issue "the owner's inbox": a quote sent from the home page appears in the inbox with its page;
 * the owner saves a status and a note and sees them listed, downloads the filtered list as CSV
 * (it matches), and deletes the request for a visitor who asked to be forgotten.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signUp } from "./owner-support.ts";
import { onlyIn, storedLead, uniqueName } from "./support.ts";

onlyIn("phone", "the owner works from a phone; one run of the journey is enough");

test("the owner works a quote sent from the home page, then deletes it", async ({ page, browser }, testInfo) => {
  const name = uniqueName(testInfo, "Owner Journey");
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  await home.goto("/");
  const quote = home.getByRole("form", { name: "Request your free quote" });
  await quote.getByLabel("Your Name").fill(name);
  await quote.getByLabel("Email Address").fill("journey@example.co.uk");
  await quote.getByLabel("Phone Number").fill("07700 900456");
  await quote.getByLabel("Project Description").fill("A slipped tile over the porch lets the rain in.");
  await quote.getByRole("button", { name: "Get My Free Quote" }).click();
  await expect(home.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
  await visitor.close();
  await storedLead(name);

  await signUp(page);
  await page.getByRole("searchbox", { name: "Search requests" }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const list = page.getByRole("list", { name: "Requests, what needs doing first" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  const card = list.getByRole("listitem").first();
  await expect(card).toContainText("Quote form on the Home page");
  await expect(card).toContainText("New");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download these requests as a spreadsheet (CSV)" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8").trim().split("\r\n");
  expect(csv).toHaveLength(2);
  expect(csv[0]).toBe("id,createdAt,status,form,page,name,email,phone,location,message,delivery,attempts,lastError,photos");
  expect(csv[1]).toContain(`,new,quote,/,${name},journey@example.co.uk,07700 900456,,A slipped tile over the porch lets the rain in.,`);

  await card.getByRole("link", { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:07700900456");
  await expect(page.getByRole("link", { name: "E-mail", exact: true })).toHaveAttribute("href", /^mailto:journey@example\.co\.uk\?subject=/);
  await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/447700900456\?text=/);

  await page.getByRole("radio", { name: /^Contacted/ }).check();
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status saved.");
  await expect(page.getByRole("radio", { name: /^Contacted/ })).toBeChecked();
  // History is folded under its heading.
  await page.getByRole("heading", { name: "History" }).click();
  const history = page.getByRole("list", { name: "Changes, newest first" });
  await expect(history).toContainText("changed the status (New → Contacted)");

  await page.getByRole("textbox", { name: "Add a note", exact: true }).fill("Called back: visiting on Friday at 10.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status")).toHaveText("Note added.");
  const notes = page.getByRole("list", { name: "Notes, newest first" });
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes).toContainText("Called back: visiting on Friday at 10.");
  await expect(notes.locator("time")).toHaveCount(1);

  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(`Delete this request, its notes and everything else stored about ${name}? This cannot be undone.`)).toBeVisible();
  await page.getByRole("button", { name: "Delete for good" }).click();
  await expect(page).toHaveURL(/\/admin\?deleted=\d+#main$/);
  await expect(page.getByRole("status")).toHaveText(/^K-\d+ deleted\.$/);
  await page.getByRole("searchbox", { name: "Search requests" }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No requests here.")).toBeVisible();
});
