/**
 * The site's actions (decision 28), declared beside the site's trade and registered in the one
 * table: the short pages' facts saved into the draft (`site.save`), and the bank details published
 * alone from the page that sends an invoice (`bank-details.publish`).
 */
import { bankDetailsPublish } from "./bank-details.server.ts";
import { DRAFT_ACTIONS } from "./draft-actions.server.ts";
import { siteSave } from "./facts-page.server.ts";
import { siteTexts } from "./texts-actions.server.ts";
import { testimonialsSave } from "./testimonial-actions.server.ts";

export const SITE_ACTIONS = [siteSave, bankDetailsPublish, ...DRAFT_ACTIONS, siteTexts, testimonialsSave];
