/**
 * Issue 37 §1, on the owner's phone at 390 px with JavaScript on, against the run's shared server:
 * he chooses three photos for a request's Photos of the job, one of them a text file named .jpg.
 * Each shows its own progress under its name; the two photos are added (read back from the
 * database) and shown, and the refused one says why at its own line while the others went on.
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { withStore } from "../support/owner.ts";
import { signUp } from "./owner-support.ts";
import { onlyIn, SHARED_DATA_DIR } from "./support.ts";

onlyIn("phone", "Photos of the job are taken on the owner's phone.");


const photo = (colour: string) => sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer();

test("three photos chosen: each shows its progress, two are added and the refused one says why at its place", async ({ page }) => {
  const lead = withStore(SHARED_DATA_DIR, (store) => store.add({ form: "quote", page: "/", name: "Pat Photos", email: "", phone: "07700 900456", location: "6 Bancroft, Hitchin SG5 1JW", message: "Valley." }).id);
  await signUp(page, "Photos phone");
  await page.goto(`/admin/requests/${lead}`);
  await page.locator("summary", { hasText: "Photos of the job" }).click();
  await page.getByLabel("Choose photos, or take them").setInputFiles([
    { name: "ridge.jpg", mimeType: "image/jpeg", buffer: await photo("#8a5a44") },
    { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Ridge tiles: 14\n".repeat(50)) },
    { name: "valley.jpg", mimeType: "image/jpeg", buffer: await photo("#44608a") },
  ]);
  await page.getByRole("button", { name: "Add photos" }).click();

  const uploads = page.getByRole("list", { name: "Photos being added" });
  for (const name of ["ridge.jpg", "notes.jpg", "valley.jpg"]) await expect(uploads.getByRole("progressbar", { name })).toBeVisible();
  const line = (name: string) => uploads.getByRole("listitem").filter({ hasText: name });
  await expect(line("ridge.jpg")).toContainText("Added ✓");
  await expect(line("valley.jpg")).toContainText("Added ✓");
  await expect(line("notes.jpg")).toContainText("This file is not a photo we can open: choose a JPEG, PNG or WebP picture");
  await expect(line("notes.jpg")).not.toContainText("Added");
  await expect(line("ridge.jpg").getByRole("progressbar")).toHaveJSProperty("value", 100);

  expect(withStore(SHARED_DATA_DIR, (store) => (store.db.prepare("SELECT COUNT(*) AS n FROM job_photos WHERE lead_id = ?").get(lead) as { n: number }).n), "two photos stored").toBe(2);
  // The photos shown are read again: both are on the page, with no reload.
  await expect(page.getByRole("img", { name: /photo/i }).and(page.locator('img[src^="/admin/job-photos/"]'))).toHaveCount(2);
  await expect(uploads, "the page was not reloaded").toBeVisible();
});
