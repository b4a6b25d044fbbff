/**
 * The site's actions (decision 28), declared beside the site's trade and registered in the one
 * table: the short pages' facts saved into the draft (`site.save`), the bank details published
 * alone from the page that sends an invoice (`bank-details.publish`), the draft published,
 * discarded or replaced by an earlier version (`site.publish`, `site.discard`, `site.undo`), the
 * page texts (`site.texts`), the testimonials (`testimonials.save`) and the gallery
 * (`gallery.add`, `gallery.save`, `gallery.from-request`), and a done job's photos put in
 * the gallery from its request (`gallery.from-job`).
 */
import { bankDetailsPublish } from "./bank-details.server.ts";
import { DRAFT_ACTIONS } from "./draft-actions.server.ts";
import { siteSave } from "./facts-page.server.ts";
import { siteTexts } from "./texts-actions.server.ts";
import { GALLERY_ACTIONS } from "./gallery-actions.server.ts";
import { galleryFromJob } from "./gallery-from-job.server.ts";
import { testimonialsSave } from "./testimonial-actions.server.ts";

export const SITE_ACTIONS = [siteSave, bankDetailsPublish, ...DRAFT_ACTIONS, siteTexts, testimonialsSave, ...GALLERY_ACTIONS, galleryFromJob];
