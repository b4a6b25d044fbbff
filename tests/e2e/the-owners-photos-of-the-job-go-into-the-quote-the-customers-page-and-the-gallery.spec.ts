/**
 * Issue 37's journey on a 390 × 844 phone, over real SMTP on one server: the owner adds three
 * Survey photos (a JPEG with GPS and its time, a PNG, a WebP), captions one, writes a report with
 * two findings by tapping thumbnails and sends a quote with it; the e-mailed PDF holds the
 * findings' words and pictures; /q/ and /c/ show them with JavaScript off; no served photo holds
 * EXIF or GPS. After Job done the customer says Yes on /c/, the owner adds two After photos and
 * puts a Before and an After in the gallery, live on /gallery with their alt text, its files
 * without metadata and without the customer's name. The owner's taps are counted per step.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { ownerOnAServerWithMail, PHONE_VIEW } from "./owner-support.ts";
import { attachmentsOf, waitFor } from "../support/smtp.ts";
import { datedPhoneJpeg, metadataLeftIn, picture } from "../support/pictures.ts";

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 10_000 });

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner works on his phone.");
});

const CUSTOMER = { name: "Sam Slater", email: "sam.slater@example.org" };
const FOUND = "Three slipped slates above the bay window";
const ROTTEN = "Rotten batten under the ridge";

async function noMetadata(bytes: Buffer, what: string) {
  expect(await metadataLeftIn(bytes), `${what} holds no EXIF, XMP, camera name or GPS`).toEqual([]);
}

/** Every size of every picture the page's `<img>` elements point at, each checked for metadata. */
async function servedPicturesHaveNoMetadata(page: Page, where: string) {
  const addresses = await page.locator("main img").evaluateAll((images) => [...new Set(images.flatMap((img) => [(img as HTMLImageElement).getAttribute("src")!, ...((img as HTMLImageElement).getAttribute("srcset") ?? "").split(",").map((part) => part.trim().split(" ")[0]!)]).filter(Boolean))]);
  expect(addresses.length, `${where} shows pictures`).toBeGreaterThan(0);
  for (const address of addresses) {
    const response = await page.request.get(new URL(address, page.url()).href);
    expect(response.status(), address).toBe(200);
    await noMetadata(await response.body(), `${where} ${address}`);
  }
  return addresses;
}

test("the owner's photos of the job go into the quote's report, the customer's pages and, with the customer's Yes, the gallery", async ({ browser }) => {
  const { smtp, server, origin, owner: page, close } = await ownerOnAServerWithMail(browser);
  const database = path.join(server.dataDir, "leads.sqlite");
  const withStore = <T>(work: (store: LeadStore) => T) => {
    const store = new LeadStore(database);
    try {
      return work(store);
    } finally {
      store.close();
    }
  };
  const taps: Record<string, number> = {};
  let step = "";
  const tap = async (target: Locator) => {
    taps[step] = (taps[step] ?? 0) + 1;
    await target.click();
  };
  const customer = await browser.newContext({ ...PHONE_VIEW, javaScriptEnabled: false });
  try {
    const id = withStore((store) => store.add({ form: "quote", page: "/", name: CUSTOMER.name, email: CUSTOMER.email, phone: "07700 900321", location: "12 Bancroft, Hitchin", message: "Slates slipping off the front." }).id);
    const request = `${origin}/admin/requests/${id}`;
    await page.goto(request);

    // 1. Three Survey photos through the page's own file input, one captioned.
    step = "adding three Survey photos and a caption";
    const photos = page.getByRole("region", { name: "Photos of the job" });
    const openPhotos = async () => {
      const survey = photos.getByRole("radio", { name: "Survey" });
      if (await survey.isVisible()) return;
      taps[step] = (taps[step] ?? 0) + 1;
      // A tap before the page's script has started may be undone as it starts: tap until open.
      await expect(async () => {
        if (!(await survey.isVisible())) await photos.locator("summary").first().click();
        await expect(survey).toBeVisible({ timeout: 1000 });
      }).toPass();
    };
    await openPhotos();
    await page.getByLabel("Choose photos, or take them").setInputFiles([
      { name: "IMG_0401.jpg", mimeType: "image/jpeg", buffer: await datedPhoneJpeg("2025:12:02 10:14:00", 1200, 800) },
      { name: "roof.png", mimeType: "image/png", buffer: await picture("png", 640, 480) },
      { name: "ridge.webp", mimeType: "image/webp", buffer: await picture("webp", 640, 480) },
    ]);
    await tap(photos.getByRole("radio", { name: "Survey" }));
    await tap(photos.getByRole("button", { name: "Add photos" }));
    await expect(photos.locator("img")).toHaveCount(3);
    await tap(photos.getByText("Stage, caption, customer").first());
    await photos.getByLabel("Caption", { exact: true }).first().fill("The front slope from the ladder");
    await tap(photos.getByRole("button", { name: "Save" }).first());
    await expect(photos).toContainText("The front slope from the ladder");

    step = "writing the survey report";
    await tap(page.getByRole("link", { name: "Write survey report" }));
    await page.getByLabel("What you found").first().fill(FOUND);
    await tap(page.getByRole("group", { name: "Finding 1" }).getByRole("img").first());
    await tap(page.getByRole("button", { name: "Add another finding" }));
    const second = page.getByRole("group", { name: "Finding 2" });
    await second.getByLabel("What you found").fill(ROTTEN);
    await tap(second.getByRole("img").nth(1));
    await page.getByLabel("What we recommend").fill("Replace the slipped slates and the batten, and re-bed the ridge.");
    await tap(page.getByRole("button", { name: "Save report" }));
    await expect(page.getByText("Survey report saved.")).toBeVisible();

    step = "sending a quote with the report";
    await tap(page.getByRole("button", { name: "Create quote" }));
    await expect(page.getByRole("heading", { level: 1, name: /^Quote Q-\d{4}-\d{4}$/ })).toBeVisible();
    const line = page.getByRole("group", { name: "Line 1" });
    await line.getByLabel("Description").fill("Replace slipped slates");
    await line.getByLabel("Quantity").fill("3");
    await line.getByLabel("Unit price (£)").fill("45");
    await tap(page.getByRole("button", { name: "Send quote" }));
    await expect(page.getByLabel("Attach the survey report")).toBeChecked();
    await tap(page.getByRole("button", { name: "Yes, send the quote" }));
    await expect(page.getByRole("status").and(page.locator("p"))).toContainText("Quote sent.");

    // 2. The PDF e-mailed holds the findings' words and their pictures.
    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes(CUSTOMER.email) && m.raw.includes("/q/")), 20_000);
    const raw = mail.raw.replace(/=\r?\n/g, "");
    const quoteLink = new URL(/https?:\/\/\S+\/q\/[\w-]+/.exec(raw)![0]).pathname;
    const pageLink = new URL(/https?:\/\/\S+\/c\/[\w-]+/.exec(raw)![0]).pathname;
    const dir = mkdtempSync(path.join(tmpdir(), "journey-"));
    const pdf = path.join(dir, "quote.pdf");
    writeFileSync(pdf, attachmentsOf(mail.raw)[0]!.bytes);
    const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    for (const words of [FOUND, ROTTEN, "What we recommend"]) expect(text).toContain(words);
    expect(execFileSync("pdfimages", ["-list", pdf], { encoding: "utf8" }).split("\n").filter((l) => /\bjpeg\b/.test(l))).toHaveLength(2);
    execFileSync("pdfimages", ["-j", pdf, path.join(dir, "picture")]);
    const pictures = readdirSync(dir).filter((name) => name.startsWith("picture") && name.endsWith(".jpg"));
    expect(pictures).toHaveLength(2);
    for (const name of pictures) await noMetadata(readFileSync(path.join(dir, name)), `the PDF's ${name}`);

    // 3 and 4. /q/ and /c/ show the findings with JavaScript off, their pictures with no metadata.
    const reader = await customer.newPage();
    for (const link of [quoteLink, pageLink]) {
      await reader.goto(`${origin}${link}`);
      await expect(reader.getByRole("main")).toContainText(FOUND);
      await expect(reader.getByRole("main")).toContainText(ROTTEN);
      await servedPicturesHaveNoMetadata(reader, link);
    }
    await page.goto(request);
    await servedPicturesHaveNoMetadata(page, "the request");

    // 5. The customer accepts; Job done; the customer says Yes; two After photos; a Before and an After go in the gallery.
    // The customer accepts the quote (JavaScript off): the request is won.
    await reader.goto(`${origin}${quoteLink}`);
    const accept = reader.getByRole("region", { name: "Accept the quote" });
    await accept.getByLabel("Your full name").fill(CUSTOMER.name);
    await accept.getByRole("button", { name: "Accept quote" }).click();
    await expect(reader.getByRole("region", { name: "Accept the quote" })).toHaveCount(0);
    await page.goto(request);
    step = "Job done";
    await tap(page.getByRole("link", { name: "Job done" }).first());
    await tap(page.getByRole("button", { name: /^Yes, / }));
    await expect(page).toHaveURL(`${request}?saved=job-done`);

    await reader.goto(`${origin}${pageLink}`);
    await reader.getByRole("region", { name: "Photos on our website" }).getByRole("button", { name: "Yes" }).click();
    await expect(reader.getByRole("region", { name: "Photos on our website" })).toContainText("Yes");

    step = "adding two After photos";
    await page.goto(request);
    await openPhotos();
    await page.getByLabel("Choose photos, or take them").setInputFiles([
      { name: `${CUSTOMER.name} after 1.jpg`, mimeType: "image/jpeg", buffer: await datedPhoneJpeg("2026:01:10 15:00:00", 1200, 800) },
      { name: `${CUSTOMER.name} after 2.png`, mimeType: "image/png", buffer: await picture("png", 800, 600) },
    ]);
    await tap(photos.getByRole("radio", { name: "After" }));
    await tap(photos.getByRole("button", { name: "Add photos" }));
    await expect(photos.locator("img")).toHaveCount(5);

    step = "putting a Before and an After in the gallery";
    const gallery = page.getByRole("region", { name: "Put in the gallery" });
    if (!(await gallery.getByRole("button", { name: "Put in the gallery" }).isVisible())) await tap(gallery.locator("summary").first());
    for (const alt of await gallery.getByLabel("What it shows (alt text)").all()) if (!(await alt.inputValue())) await alt.fill("Slate roof in Hitchin");
    const alts = await gallery.getByLabel("What it shows (alt text)").evaluateAll((inputs) => inputs.filter((i) => (i as HTMLInputElement).offsetParent !== null).map((i) => (i as HTMLInputElement).value));
    expect(alts, "a Before and an After, each with its alt text").toHaveLength(2);
    if (!(await gallery.getByLabel("Town").inputValue())) await gallery.getByLabel("Town").selectOption({ label: "Hitchin" });
    await tap(gallery.getByRole("button", { name: "Put in the gallery" }));
    await expect(gallery.getByRole("status")).toBeVisible();

    // 6. /gallery shows them live with their alt text; its files hold no metadata nor the customer's name.
    await reader.goto(`${origin}/gallery`);
    for (const alt of alts) await expect(reader.locator(`main img[alt="${alt}"]`).first()).toBeAttached();
    const files = await servedPicturesHaveNoMetadata(reader, "/gallery");
    for (const file of files) for (const name of ["sam", "slater"]) expect(file.toLowerCase()).not.toContain(name);

    for (const [what, count] of Object.entries(taps)) console.log(`Taps from the request's page, ${what}: ${count}`);
  } finally {
    await customer.close();
    await close();
  }
});
