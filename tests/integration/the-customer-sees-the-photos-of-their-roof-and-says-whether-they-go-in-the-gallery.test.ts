/**
 * Photos of the job reach the customer and, with their Yes, the gallery (issue 37 §3–§5), through
 * the real server: the customer's page shows the Survey and After photos and those the owner
 * ticked Show to customer, with JavaScript off, each served only through the page's link (a forged
 * or reset link and an erased request get 404); once the job is done the page asks whether the
 * photos may go on the website; without the Yes, Put in the gallery is not offered and a POST is
 * refused with nothing in the draft; with it, a Before and an After go live on /gallery with their
 * alt text, in files with no metadata, named by the project. The 24-month erasure removes the
 * request's photos but not the gallery's.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeOnceKey } from "~/lib/actions/once-key.ts";
import { customerPagePath, customerPageToken, resetCustomerLink } from "~/lib/links/page-links.server.ts";
import { recordPhotoConsent } from "~/lib/photos/customer-photos.server.ts";
import { requestReview } from "~/lib/reviews/reviews.server.ts";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { serverWithOwner, storedPhoto, withStore } from "../support/owner.ts";
import { datedPhoneJpeg, picture } from "../support/pictures.ts";
import { postForm, postMultipart, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;
let leadId: number;
let token: string;
const CUSTOMER = { form: "quote" as const, page: "/roof-repairs-in-stevenage", name: "Priya Okonkwo", email: "priya@example.org", phone: "07700 900123", location: "14 Bancroft, Hitchin SG5 1JW", message: "Slipped slates over the bay." };
const stages = ["survey", "before", "during", "after"] as const;
const ids: Record<(typeof stages)[number], string> = { survey: "", before: "", during: "", after: "" };

const owner = (p: string) => fetch(`${server.url}${p}`, { headers: { Cookie: cookie }, redirect: "manual" });
const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const customer = (p: string) => fetch(`${server.url}${p}`, { redirect: "manual" });
const page = () => customerPagePath(token);
const request = () => `/admin/requests/${leadId}`;
const ownerPost = (fields: Record<string, string>) => postForm(server, request(), { once: makeOnceKey(), ...fields }, { Cookie: cookie });
const customerPost = (fields: Record<string, string>) => postForm(server, page(), { once: makeOnceKey(), ...fields }, { Origin: "null", "Sec-Fetch-Site": "same-origin" });
const draftRevision = () => {
  const db = new DatabaseSync(path.join(server.dataDir, "leads.sqlite"), { readOnly: true });
  try {
    return db.prepare("SELECT count(*) AS n FROM site_versions").get() as { n: number };
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  ({ server, cookie } = await serverWithOwner());
  leadId = withStore(server.dataDir, (store) => {
    const lead = store.add(CUSTOMER, { notify: false });
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    return lead.id;
  });
  token = withStore(server.dataDir, (store) => customerPageToken(store, leadId)!);
  // One photo of each stage, taken a minute apart in order, the first with the camera's GPS and time.
  for (const [i, stage] of stages.entries()) {
    const bytes = i === 0 ? await datedPhoneJpeg("2025:12:02 10:14:00", 1200, 800) : await picture("jpeg", 900, 600);
    const added = await postMultipart(server, request(), { intent: "add-photos", stage, caption: stage === "after" ? "New slates over the bay window" : "", once: makeOnceKey() }, [{ name: `IMG_${i}.jpg`, bytes }], { Cookie: cookie });
    expect(added.status, await added.clone().text()).toBe(303);
  }
  withStore(server.dataDir, (store) => {
    for (const row of store.db.prepare("SELECT id, stage FROM job_photos WHERE lead_id = ?").all(leadId) as { id: string; stage: (typeof stages)[number] }[]) ids[row.stage] = row.id;
  });
});
afterAll(() => server.stop());

const photoPath = (id: string, size = "large") => `${page()}/photos/${id}/${size}`;

describe("the customer's page", () => {
  it("shows the Survey and After photos, with no script, and not Before or During until the owner ticks Show to customer", async () => {
    const text = await html(await customer(page()));
    expect(text).toContain("Photos of your roof");
    expect(text).toContain(photoPath(ids.survey, "thumb"));
    expect(text).toContain(photoPath(ids.after, "thumb"));
    expect(text).toContain('alt="New slates over the bay window"');
    expect(text).toMatch(/srcSet="[^"]+ \d+w, [^"]+ \d+w"/);
    expect(text).not.toContain(ids.before);
    expect(text).not.toContain(ids.during);
    expect(text.indexOf(ids.survey), "in the order taken").toBeLessThan(text.indexOf(ids.after));
    expect((await customer(photoPath(ids.before))).status, "a hidden photo is not served").toBe(404);

    const shown = await ownerPost({ intent: "save-photo", photo: ids.before, stage: "before", caption: "The bay before", "shown-set": "1", shown: "on" });
    expect(shown.status).toBe(303);
    const hidden = await ownerPost({ intent: "save-photo", photo: ids.after, stage: "after", caption: "New slates over the bay window", "shown-set": "1" });
    expect(hidden.status).toBe(303);
    const after = await html(await customer(page()));
    expect(after).toContain(photoPath(ids.before, "thumb"));
    expect(after).not.toContain(ids.after);
    expect((await customer(photoPath(ids.after))).status).toBe(404);
    // Shown again for the rest of the journey.
    await ownerPost({ intent: "save-photo", photo: ids.after, stage: "after", caption: "New slates over the bay window", "shown-set": "1", shown: "on" });
  });

  it("serves each size through the page's link with the page's headers and no metadata", async () => {
    for (const size of ["thumb", "large"]) {
      const response = await customer(photoPath(ids.survey, size));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toContain("no-store");
      expect(response.headers.get("x-robots-tag")).toContain("noindex");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta.exif).toBeUndefined();
    }
    expect((await customer(photoPath(ids.survey, "original"))).status).toBe(404);
  });

  it("gives a forged link 404 for a photo, and a reset one", async () => {
    expect((await customer(`/c/${"A".repeat(43)}/photos/${ids.survey}/large`)).status).toBe(404);
    const old = page();
    token = withStore(server.dataDir, (store) => {
      resetCustomerLink(store, leadId, "Test");
      return customerPageToken(store, leadId)!;
    });
    expect((await customer(`${old}/photos/${ids.survey}/large`)).status).toBe(404);
    expect((await customer(photoPath(ids.survey))).status).toBe(200);
  });
});

describe("the gallery", () => {
  const toGallery = (fields: Record<string, string> = {}) =>
    ownerPost({ intent: "to-gallery", before: ids.before, after: ids.after, title: "Roof Repairs in Hitchin", town: "hitchin", [`alt-${ids.before}`]: "Slipped slates above a bay window", [`alt-${ids.after}`]: "The bay window roof with new slates", ...fields });

  it("asks nothing before the job is done, and offers no Put in the gallery", async () => {
    expect(await html(await customer(page()))).not.toContain("May we show photos of your roof");
    const answer = await customerPost({ intent: "photo-consent", answer: "yes" });
    expect(answer.status).toBe(409);
    expect(await html(await owner(request()))).not.toContain(">Put in the gallery</button>");
  });

  it("without the customer's Yes: not offered, the request says why, and a POST is refused with nothing in the draft", async () => {
    withStore(server.dataDir, (store) => requestReview(store, leadId, { actor: "Test" }));
    const asking = await html(await customer(page()));
    expect(asking).toContain("May we show photos of your roof on our website? We never show your address or house number.");
    const before = draftRevision();
    let text = await html(await owner(request()));
    expect(text).toContain("The customer has not agreed to their photos being shown.");
    expect(text).not.toContain(">Put in the gallery</button>");
    expect((await toGallery()).status).toBe(409);

    const no = await customerPost({ intent: "photo-consent", answer: "no" });
    expect(no.status).toBe(303);
    expect(await html(await customer(page()))).toContain("You said <strong>No</strong>");
    text = await html(await owner(request()));
    expect(text).toContain("the customer said <strong>No</strong>");
    expect(text).toContain("The customer has not agreed to their photos being shown.");
    const refused = await toGallery();
    expect(refused.status).toBe(409);
    expect(draftRevision(), "nothing drafted or published").toEqual(before);
    expect(await (await fetch(`${server.url}/gallery`)).text()).not.toContain("Roof Repairs in Hitchin");
  });

  it("with the Yes: refuses an empty alt text at its field, then puts a Before and an After live on /gallery", async () => {
    const yes = await customerPost({ intent: "photo-consent", answer: "yes" });
    expect(yes.status).toBe(303);
    expect(await html(await customer(page()))).toContain("You said <strong>Yes</strong>");
    const text = await html(await owner(request()));
    expect(text).toContain("the customer said <strong>Yes</strong>");
    expect(text).toContain(">Put in the gallery</button>");
    expect(text).toContain('value="Roof Repairs in Hitchin"');
    expect(text, "alt text prefilled from the caption").toContain('value="New slates over the bay window"');

    const empty = await toGallery({ [`alt-${ids.after}`]: " " });
    expect(empty.status).toBe(400);
    const refusedPage = await html(empty);
    expect(refusedPage).toMatch(new RegExp(`id="alt-${ids.after}"[^>]*aria-invalid="true"`));
    expect(refusedPage).toContain("cannot be published without it");

    const once = makeOnceKey();
    const put = await toGallery({ once });
    expect(put.status, await put.clone().text()).toBe(303);
    expect(put.headers.get("location")).toBe(`${request()}?saved=gallery-published#to-gallery`);
    const gallery = await (await fetch(`${server.url}/gallery`)).text();
    // The same tap again (its key): the same answer, and the project is there once.
    const again = await toGallery({ once });
    expect([again.status, again.headers.get("location")]).toEqual([303, put.headers.get("location")]);
    expect(await (await fetch(`${server.url}/gallery`)).text()).toBe(gallery);
    expect(withStore(server.dataDir, (store) => store.db.prepare("SELECT count(*) AS n FROM audit WHERE action_name = 'gallery.from-job'").get())).toEqual({ n: 1 });
    expect(gallery).toContain("Roof Repairs in Hitchin");
    expect(gallery).toContain('alt="Slipped slates above a bay window"');
    expect(gallery).toContain('alt="The bay window roof with new slates"');
    const files = [...new Set([...gallery.matchAll(/\/images\/uploads\/roof-repairs-in-hitchin-[^\s",]+/g)].map((m) => m[0]))];
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      expect(file).not.toMatch(/priya|okonkwo/i);
      expect(file).not.toContain(String(leadId).padStart(6, "0"));
      const response = await fetch(`${server.url}${file}`);
      expect(response.status, file).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
    }
    for (const name of readdirSync(path.join(server.dataDir, "uploads"))) expect(name).not.toMatch(/priya|okonkwo/i);
  });

  it("keeps the visitor's own photos out of the gallery without the Yes", async () => {
    const [other, photoId] = await (async () => {
      const jpeg = await picture("jpeg", 800, 600);
      return withStore(server.dataDir, (store) => {
        const photo = storedPhoto(store, { bytes: jpeg, width: 800, height: 600 });
        const lead = store.add({ ...CUSTOMER, name: "Sam Visitor", email: "sam@example.org" }, { notify: false, photos: [photo] });
        store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
        return [lead.id, photo.id] as const;
      });
    })();
    const text = await html(await owner(`/admin/requests/${other}`));
    expect(text).not.toContain(">Add to gallery</button>");
    expect(text).toContain("The customer has not agreed to their photos being shown.");
    const refused = await postForm(server, "/admin/site/gallery", { intent: "from-request", lead: String(other), photo: photoId, once: makeOnceKey() }, { Cookie: cookie });
    expect(refused.status).toBe(409);
    withStore(server.dataDir, (store) => recordPhotoConsent(store, other, "yes", new Date()));
    expect(await html(await owner(`/admin/requests/${other}`))).toContain("Add to gallery</button>");
  });
});

describe("the 24-month erasure", () => {
  it("removes the request's photos of the job, whose addresses then answer 404, but not the gallery's files", async () => {
    const uploads = readdirSync(path.join(server.dataDir, "uploads")).filter((name) => name.startsWith("roof-repairs-in-hitchin-"));
    expect(uploads.length).toBeGreaterThan(0);
    const jobFiles = Object.values(ids).flatMap((id) => [`${id}-thumb.webp`, `${id}-large.webp`]).map((file) => path.join(server.dataDir, "photos", "job", file));
    expect(jobFiles.every((file) => existsSync(file))).toBe(true);
    withStore(server.dataDir, (store) => store.forgetBefore(addDays(ukToday(), 1)));
    expect(jobFiles.some((file) => existsSync(file)), "the job's photos are gone").toBe(false);
    expect((await customer(photoPath(ids.survey))).status).toBe(404);
    for (const name of uploads) expect(existsSync(path.join(server.dataDir, "uploads", name)), name).toBe(true);
    const gallery = await (await fetch(`${server.url}/gallery`)).text();
    expect(gallery).toContain("Roof Repairs in Hitchin");
  });
});
