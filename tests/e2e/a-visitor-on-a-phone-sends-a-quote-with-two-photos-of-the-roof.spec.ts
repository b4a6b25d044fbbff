/**
 * Photos with a quote request: on a 390 px phone, with JavaScript on and off, the visitor picks
 * two pictures in the "Photos (optional)" field and sends the form; the notice shows, both photos
 * are stored with the request, the business's e-mail (a real SMTP server) carries both, and the
 * owner, signed in on a phone, sees both on the request's page and taps one to open it whole.
 *
 * The journey runs against a server of its own, started with e-mail set up, so the e-mail can be
 * read; the shared test server has none.
 */
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Browser } from "@playwright/test";
import { signUp } from "./owner-support.ts";
import { picture, sidewaysPhoneJpeg } from "../support/pictures.ts";
import { photoRows, startServer, type RunningServer } from "../support/server.ts";
import { attachmentsOf, headersOf, startSmtp, waitFor } from "../support/smtp.ts";
import { expectFieldError, uniqueName } from "./support.ts";

const THANKS = "Thank you! We'll get back to you within 24 hours.";

/**
 * The owner, on a phone with JavaScript (passkeys need it), signs in and opens the request: both
 * thumbnails load, and tapping the first opens the stored picture.
 */
async function ownerSeesThePhotos(browser: Browser, name: string, firstPhotoSize: [number, number]) {
  const owner = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: true });
  try {
    const page = await owner.newPage();
    // Passkeys need a host name, not the server's 127.0.0.1.
    await signUp(page, "Owner's phone", { origin: `http://localhost:${server.port}`, database: path.join(server.dataDir, "leads.sqlite") });
    await page.getByRole("link", { name: new RegExp(`^${name}`) }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // The photos fold under their heading on the request page (it opens on what to do now): one tap opens them.
    const section = page.getByRole("region", { name: "Photos", exact: true });
    await expect(section).toContainText("2 photos");
    await section.locator("summary").tap();
    const photos = section.getByRole("img");
    await expect(photos).toHaveCount(2);
    for (const [i, photo] of (await photos.all()).entries()) {
      await expect(photo).toHaveAccessibleName(`Photo ${i + 1} of 2 sent with the request`);
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    await photos.first().tap();
    await expect(page).toHaveURL(/\/admin\/photos\/[0-9a-f]+$/);
    const full = page.getByRole("img");
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual(firstPhotoSize);
  } finally {
    await owner.close();
  }
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;

test.beforeAll(async ({}, testInfo) => {
  // Skips the whole file elsewhere, before a server is started for nothing.
  test.skip(testInfo.project.name !== "phone", "The journey is a phone's: the photos come from the phone's camera roll.");
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "office@example.com", FORM_RATE_LIMIT: "1000" });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the visitor adds two photos to the quote form; both are stored, e-mailed and shown to the owner", async ({ page, browser }, info) => {
      await page.goto(`${server.url}/#contact`);
      const form = page.getByRole("form", { name: "Request your free quote" });
      const photos = form.getByLabel("Photos (optional)");
      await expect(photos).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
      await expect(photos).toHaveAttribute("multiple", "");
      await expect(photos).toHaveAccessibleDescription(/Up to 5 photos/);

      const name = uniqueName(info, "Photos");
      await form.getByLabel("Your Name").fill(name);
      await form.getByLabel("Email Address").fill("photos@example.co.uk");
      await form.getByLabel("Phone Number").fill("07700 900321");
      await form.getByLabel("Project Description").fill("Storm damage on the ridge, photos attached.");
      await photos.setInputFiles([
        { name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: await sidewaysPhoneJpeg() },
        { name: "gutter.png", mimeType: "image/png", buffer: await picture("png", 120, 90) },
      ]);
      await form.getByRole("button", { name: "Get My Free Quote" }).click();

      await expect(page.getByRole("status").filter({ hasText: THANKS })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/");

      const lead = server.rows().find((row) => row.name === name);
      expect(lead).toMatchObject({ form: "quote", page: "/", message: "Storm damage on the ridge, photos attached." });
      // The phone photo was taken sideways: it is stored the right way up.
      const stored = photoRows(server).filter((photo) => photo.lead_id === lead!.id);
      expect(stored.map((photo) => [photo.width, photo.height])).toEqual([[200, 300], [120, 90]]);

      const mail = await waitFor(() => smtp.messages.find((m) => headersOf(m.raw).get("subject") === `New quote request K-${1000 + Number(lead!.id)} from ${name}`));
      expect(mail.raw).toContain("Photos: 2 attached.");
      const attachments = attachmentsOf(mail.raw);
      expect(attachments.map((a) => a.filename)).toEqual(["photo-1.jpg", "photo-2.jpg"]);
      const sizes = await Promise.all(attachments.map(async (a) => sharp(a.bytes).metadata()));
      expect(sizes.map((m) => [m.width, m.height])).toEqual([[200, 300], [120, 90]]);

      await ownerSeesThePhotos(browser, name, [200, 300]);
    });
  });
}

test.describe("with JavaScript off, a file that is not a picture", () => {
  test.use({ javaScriptEnabled: false });

  test("is refused with the message under the photos field, what the visitor typed stays, and nothing is stored", async ({ page }, info) => {
    await page.goto(`${server.url}/#contact`);
    const form = page.getByRole("form", { name: "Request your free quote" });
    const name = uniqueName(info, "Refused");
    await form.getByLabel("Your Name").fill(name);
    await form.getByLabel("Email Address").fill("refused@example.co.uk");
    await form.getByLabel("Phone Number").fill("07700 900654");
    await form.getByLabel("Project Description").fill("The flashing around the chimney has come loose.");
    await form.getByLabel("Photos (optional)").setInputFiles({ name: "roof.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a picture at all") });
    await form.getByRole("button", { name: "Get My Free Quote" }).click();

    const hint = "A picture of the roof helps us quote. Up to 5 photos, JPEG, PNG or WebP, 10 MB each.";
    await expectFieldError(page, form.getByLabel("Photos (optional)"), "Photos must be JPEG, PNG or WebP pictures", hint);
    await expect(form.getByLabel("Your Name")).toHaveValue(name);
    await expect(form.getByLabel("Project Description")).toHaveValue("The flashing around the chimney has come loose.");
    expect(server.rows().filter((row) => row.name === name)).toEqual([]);
  });
});
