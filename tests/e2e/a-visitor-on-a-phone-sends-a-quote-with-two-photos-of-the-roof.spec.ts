/**
 * Photos with a quote request (issue: photos of the roof): on a 390 px phone, with JavaScript on
 * and off, the visitor picks two pictures in the "Photos (optional)" field and sends the form; the
 * notice shows and both photos are stored with the request.
 */
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { picture, sidewaysPhoneJpeg } from "../support/pictures.ts";
import { expectFieldError, leadsNamed, LEADS_DB, onlyIn, storedLead, uniqueName } from "./support.ts";

const THANKS = "Thank you! We'll get back to you within 24 hours.";

/** The stored photos' sizes of the request sent under this name, in the order they were sent. */
function storedPhotoSizes(name: string): [number, number][] {
  const db = new DatabaseSync(LEADS_DB, { readOnly: true });
  try {
    return db
      .prepare("SELECT p.width, p.height FROM lead_photos p JOIN leads l ON l.id = p.lead_id WHERE l.name = ? ORDER BY p.position")
      .all(name)
      .map((row) => [Number(row.width), Number(row.height)]);
  } finally {
    db.close();
  }
}

onlyIn("phone", "The journey is a phone's: the photos come from the phone's camera roll.");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the visitor adds two photos to the quote form and both are stored with the request", async ({ page }, info) => {
      await page.goto("/#contact");
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
      expect((await storedLead(name)).message).toBe("Storm damage on the ridge, photos attached.");
      // The phone photo was taken sideways: it is stored the right way up.
      expect(storedPhotoSizes(name)).toEqual([[200, 300], [120, 90]]);
    });
  });
}

test.describe("with JavaScript off, a file that is not a picture", () => {
  test.use({ javaScriptEnabled: false });

  test("is refused with the message under the photos field, what the visitor typed stays, and nothing is stored", async ({ page }, info) => {
    await page.goto("/#contact");
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
    expect(leadsNamed(name)).toEqual([]);
  });
});
