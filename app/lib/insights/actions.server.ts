/** The insights' actions (decision 28): the weekly summary on Monday mornings, turned on or off. */
import * as z from "zod/mini";
import { defineAction, done } from "../actions/define.ts";
import { recordAudit } from "../db/audit.server.ts";
import { setWeeklySummary } from "./weekly-summary.server.ts";

export const weeklySummarySet = defineAction({
  name: "weekly-summary.set",
  intent: "weekly-summary",
  // A checkbox is posted only when ticked.
  schema: z.object({ on: z.optional(z.literal("on")) }),
  refused: (errors) => ({ error: errors.intent }),
  apply: ({ on }, { store, actor }) => {
    setWeeklySummary(store.db, on === "on");
    recordAudit(store, { actor, action: on === "on" ? "turned on the weekly summary" : "turned off the weekly summary" });
    return done("/admin/notifications?weekly");
  },
});

export const INSIGHTS_ACTIONS = [weeklySummarySet];
