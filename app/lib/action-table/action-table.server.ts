/**
 * The table of actions (decision 28): every POST of the owner's area and of the customers' pages,
 * by its one name. Each trade declares its actions beside it; this list registers them all, and
 * the pages, the tests, the audit and the phone's outbox read it. A route's action is one line:
 * `ownerPost(args, ["payment.record", …])` with the names of its page's forms.
 */
import { dispatch, type PostArgs } from "../actions/dispatch.server.ts";
import type { AnyAction } from "../actions/define.ts";
import { VISIT_ACTIONS } from "../visits/actions.server.ts";
import { INVOICE_ACTIONS } from "../invoices/actions.server.ts";
import { ownerContext } from "../owner/context.ts";
import { QUOTE_ACTIONS } from "../quotes/actions.server.ts";
import { PRICE_LIST_ACTIONS } from "../quotes/price-list-actions.server.ts";
import { QUOTE_CUSTOMER_ACTIONS } from "../quotes/customer-actions.server.ts";
import { VISIT_CUSTOMER_ACTIONS } from "../visits/customer-actions.server.ts";
import { SURVEY_BOOKING_ACTIONS } from "../visits/survey-booking-actions.server.ts";
import { REVIEW_CUSTOMER_ACTIONS } from "../reviews/customer-actions.server.ts";
import { PHOTO_CUSTOMER_ACTIONS } from "../customer/photos.server.ts";
import { REQUEST_ACTIONS } from "./requests.server.ts";
import { OWNER_AREA_ACTIONS } from "./owner-area.server.ts";
import { JOB_PHOTO_ACTIONS } from "./job-photos.server.ts";
import { SURVEY_REPORT_ACTIONS } from "./survey-report.server.ts";
import { INSIGHTS_ACTIONS } from "../insights/actions.server.ts";
import { REVIEW_ACTIONS } from "../reviews/actions.server.ts";
import { SITE_ACTIONS } from "../site/actions.server.ts";
import { REVIEW_PUBLISH_ACTIONS } from "../site/review-actions.server.ts";

const ALL = [...REQUEST_ACTIONS, ...JOB_PHOTO_ACTIONS, ...SURVEY_REPORT_ACTIONS, ...VISIT_ACTIONS, ...VISIT_CUSTOMER_ACTIONS, ...SURVEY_BOOKING_ACTIONS, ...QUOTE_ACTIONS, ...QUOTE_CUSTOMER_ACTIONS, ...PRICE_LIST_ACTIONS, ...INVOICE_ACTIONS, ...REVIEW_ACTIONS, ...REVIEW_CUSTOMER_ACTIONS, ...PHOTO_CUSTOMER_ACTIONS, ...REVIEW_PUBLISH_ACTIONS, ...SITE_ACTIONS, ...INSIGHTS_ACTIONS, ...OWNER_AREA_ACTIONS] as const;

export type ActionName = (typeof ALL)[number]["name"];

/** Every action by its name; a name is declared once. */
export const ACTION_TABLE: ReadonlyMap<string, AnyAction> = new Map(ALL.map((action) => [action.name, action]));
if (ACTION_TABLE.size !== ALL.length) throw new Error("Two actions share a name: each is declared once (app/lib/action-table/action-table.server.ts)");

function actionsNamed(names: readonly ActionName[]): AnyAction[] {
  return names.map((name) => ACTION_TABLE.get(name)!);
}

/** An owner page's POST: the actions of its forms, done as the signed-in owner (the guard has run). */
export function ownerPost<Answer = unknown>(args: PostArgs, names: readonly ActionName[]) {
  const owner = args.context.get(ownerContext);
  return dispatch<Answer>(args, actionsNamed(names), owner.name, owner.passkeyId);
}

/** A customer page's POST: its actions open what they change through the customer's link (their `find`). */
export function customerPost<Answer = unknown>(args: PostArgs, names: readonly ActionName[]) {
  return dispatch<Answer>(args, actionsNamed(names), "the customer");
}
