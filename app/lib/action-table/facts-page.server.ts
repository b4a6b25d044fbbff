/**
 * The POST of every short page of business facts (/admin/site/contact, hours, promises, social,
 * invoicing): the site's `site.save`, which saves that page's facts alone into the draft.
 */
import type { PostArgs } from "../actions/dispatch.server.ts";
import type { FactsAnswer } from "../site/facts-page.server.ts";
import { ownerPost } from "./action-table.server.ts";

export function factsAction(args: PostArgs) {
  return ownerPost<FactsAnswer>(args, ["site.save"]);
}
