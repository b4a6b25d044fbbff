/**
 * The site's actions (decision 28), declared beside the site's trade and registered in the one
 * table: the short pages' facts saved into the draft (`site.save`).
 */
import { siteSave } from "./facts-page.server.ts";

export const SITE_ACTIONS = [siteSave];
