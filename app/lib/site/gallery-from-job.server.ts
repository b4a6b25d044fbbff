/**
 * Put in the gallery (issue 37 §4, decision 35): a done job's Before and After, or its After alone,
 * made into a gallery project from the request's page, only when the customer said Yes on their
 * page. The photos are made into the gallery's own picture sets (no metadata, named by the project),
 * the project goes first into the site's draft, and when no other draft was waiting it is published
 * in the same tap through the one publisher (decision 16). A POST without the customer's Yes is
 * refused (409) and nothing is made or published.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as z from "zod/mini";
import { contentFiles } from "../../content/index.ts";
import { displayName } from "../../content/rules/names.ts";
import type { Content } from "../../content/load.ts";
import { answer, defineAction, done } from "../actions/define.ts";
import { dataDir } from "../db/files.server.ts";
import type { Db } from "../db/connection.server.ts";
import { typedValues } from "../forms/fields.ts";
import { placeOf } from "../jobs/push.server.ts";
import { customerSaidYes, photoConsentOf } from "../photos/customer-photos.server.ts";
import { processGalleryPhoto } from "../photos/gallery-pictures.server.ts";
import { jobPhotoFile, jobPhotosDir, jobPhotosOf } from "../photos/job-photos.server.ts";
import { NO_CONSENT } from "../photos/job-photos.ts";
import { leadById, type Lead } from "../requests/lead.ts";
import { requestForms, requestPage } from "../requests/page.server.ts";
import { jobDoneState, reviewById } from "../reviews/reviews.server.ts";
import { draftContent, saveCheckedDraft } from "./draft.server.ts";
import { withList } from "./edits.ts";
import { addPicture, UPLOADS_DIR } from "./pictures.server.ts";
import { publishDraft } from "./publish-draft.server.ts";
import { currentDraft, hasChanges } from "./versions.server.ts";

/** The gallery's category of each service's work. */
const CATEGORIES: Record<string, string> = {
  "roof-repairs": "Repairs",
  "new-roof-installation": "New Installation",
  "flat-roofing": "Flat Roofing",
  "pitched-roofing": "New Installation",
  "guttering-fascias": "Guttering",
  "roof-maintenance": "Maintenance",
};

export const NEEDS_ALT = "Describe the photo for people who cannot see it: the project cannot be published without it";

/** Whether the request's page offers Put in the gallery: a done job (Job done pressed) whose customer said Yes. */
export function galleryOffer(store: Db, leadId: number): "offered" | "no-consent" | "not-done" {
  if (jobDoneState(store, leadId)?.state !== "asked") return "not-done";
  return customerSaidYes(store, leadId) ? "offered" : "no-consent";
}

/** The published review of the job, if any: its words and name as the site shows them. */
export function publishedReviewOf(store: Db, leadId: number): { text: string; name: string } | undefined {
  const row = store.db.prepare("SELECT id FROM reviews WHERE lead_id = ? AND status = 'published' ORDER BY id LIMIT 1").get(leadId) as { id: number } | undefined;
  const review = row && reviewById(store, row.id);
  return review?.text ? { text: review.text, name: displayName(review.displayName ?? "") } : undefined;
}

/** What the form starts with: the title from the service and town ("Roof Repairs in Hitchin"), the town and the category. */
export function galleryStart(lead: Pick<Lead, "page" | "location">, content: Pick<Content, "services" | "areas">) {
  const service = content.services.find((one) => lead.page.includes(one.slug));
  const town = content.areas.find((area) => area.name === placeOf(lead.location, content.areas.map((a) => a.name)) || lead.page.includes(`roofers-in-${area.slug}/`));
  const work = service?.name ?? "Roofing";
  return { title: town ? `${work} in ${town.name}` : work, town: town?.slug ?? "", category: (service && CATEGORIES[service.slug]) ?? "Repairs" };
}

const slugOf = (words: string) => words.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "project";

type Made = { outcome: "refused"; status: number; body: unknown } | { outcome: "drafted" } | { outcome: "published"; version: number } | { outcome: "not-published"; error: string };

export const galleryFromJob = defineAction({
  ...requestForms,
  name: "gallery.from-job",
  intent: "to-gallery",
  schema: z.object({}),
  prepare: async (_, { form, store, target: leadId, services, content, actor, passkeyId }): Promise<Made> => {
    const values = typedValues(form);
    const refused = (errors: Record<string, string>, status = 400): Made => ({ outcome: "refused", status, body: { errors: { gallery: "Nothing was put in the gallery: see the messages beside the fields.", ...errors }, values } });
    const offer = galleryOffer(store, leadId);
    if (offer !== "offered") return refused({ gallery: offer === "no-consent" ? NO_CONSENT : "Put in the gallery is for a job marked done." }, 409);
    const get = (name: string) => String(form.get(name) ?? "").trim();
    const photos = jobPhotosOf(store, leadId);
    const after = photos.find((photo) => photo.stage === "after" && photo.id === get("after"));
    const before = get("before") ? photos.find((photo) => photo.stage === "before" && photo.id === get("before")) : undefined;
    const errors: Record<string, string> = {};
    if (!after) errors["gallery-after"] = "Choose the After photo.";
    if (get("before") && !before) errors["gallery-before"] = "Choose a Before photo, or none.";
    for (const photo of [before, after]) if (photo && !get(`alt-${photo.id}`)) errors[`gallery-alt-${photo.id}`] = NEEDS_ALT;
    const title = get("title");
    if (!title) errors["gallery-title"] = "Give the project a title, such as Re-roof in Hitchin.";
    const town = content.areas.find((area) => area.slug === get("town"));
    if (!town) errors["gallery-town"] = "Choose the town the job was in.";
    if (Object.keys(errors).length || !after || !town) return refused(errors);
    const lead = leadById(store, leadId)!;
    const start = galleryStart(lead, content);
    const review = get("review") === "on" ? publishedReviewOf(store, leadId) : undefined;
    // Before first, then After: the gallery's first photo is the one its card shows.
    const chosen = before ? [before, after] : [after];
    const pictures: { src: string; alt: string }[] = [];
    for (const photo of chosen) {
      const bytes = await readFile(path.join(jobPhotosDir(store.photosDir), jobPhotoFile(photo.id, "large")));
      const made = await processGalleryPhoto(bytes, path.join(dataDir(), UPLOADS_DIR), `${slugOf(title)}-${photo.stage}`);
      if (!made.ok) return refused({ [`gallery-alt-${photo.id}`]: made.message });
      addPicture(store, services.pictures, made);
      pictures.push({ src: `${made.name}.jpg`, alt: get(`alt-${photo.id}`) });
    }
    const description = review ? `“${review.text}” ${review.name}`.slice(0, 400) : before ? `Before and after: ${title}.` : `The finished job: ${title}.`;
    const project = { title, category: start.category, location: town.slug, description, image: pictures[0]!, ...(pictures.length > 1 ? { morePhotos: pictures.slice(1) } : {}) };
    // A draft already waiting is the owner's to publish: the project joins it and waits with it.
    const waiting = hasChanges(store);
    const from = currentDraft(store).revision;
    const saved = saveCheckedDraft(store, withList(contentFiles, currentDraft(store).edits, "gallery", [project, ...draftContent(store).gallery]), { from, author: actor });
    if (!saved.ok) return { outcome: "refused", status: saved.status, body: { errors: { gallery: saved.error }, values } };
    if (waiting) return { outcome: "drafted" };
    const published = await publishDraft(store, services.publisher, content, { from: currentDraft(store).revision, confirmation: "", author: actor, passkeyId });
    return published.ok ? { outcome: "published", version: published.version } : { outcome: "not-published", error: published.error };
  },
  apply: (_, { target: leadId }, made) => {
    if (made.outcome === "refused") return answer(made.body, made.status);
    const page = `${requestPage(leadId)}?saved=gallery-${made.outcome}#to-gallery`;
    return done(page);
  },
});

/** What the request's page shows under Put in the gallery (components/owner/JobToGallery.tsx). */
export function jobToGallery(store: Db, leadId: number, content: Pick<Content, "services" | "areas">) {
  const photos = jobPhotosOf(store, leadId);
  const choice = (stage: "before" | "after") =>
    photos.filter((photo) => photo.stage === stage).map(({ id, caption, thumbWidth, thumbHeight }) => ({ id, caption, thumbWidth, thumbHeight }));
  const consent = photoConsentOf(store, leadId);
  return {
    offer: galleryOffer(store, leadId),
    consent,
    before: choice("before"),
    after: choice("after"),
    start: galleryStart(leadById(store, leadId)!, content),
    towns: content.areas.map(({ slug, name }) => ({ slug, name })),
    review: publishedReviewOf(store, leadId),
  };
}
