/**
 * The Survey bookings page's one action (decision 28): the owner's rules saved whole
 * (`survey-rules.save`), or a message at each wrong field and nothing saved.
 */
import * as z from "zod/mini";
import { answer, defineAction, done } from "../actions/define.ts";
import { recordAudit } from "../db/audit.server.ts";
import { UNKNOWN_BUTTON } from "../forms/parse-form.ts";
import { readRules, type RulesValues } from "./survey-rules-form.ts";
import { saveSurveyRules } from "./survey-rules.server.ts";

/** The page's answer to a refused save: the messages at their fields, what was typed kept. */
export interface SurveyRulesAnswer {
  error: string;
  errors?: Record<string, string>;
  values?: RulesValues;
}

export const SURVEY_RULES_PATH = "/admin/survey-bookings";

export const surveyRulesSave = defineAction({
  name: "survey-rules.save",
  schema: z.object({}),
  refused: (): SurveyRulesAnswer => ({ error: UNKNOWN_BUTTON }),
  apply: (_input, { store, form, actor, now }) => {
    const read = readRules(form);
    if (!read.ok) return answer({ errors: read.errors, values: read.values, error: "Some rules need correcting: see the messages beside them. Nothing was saved." } satisfies SurveyRulesAnswer);
    saveSurveyRules(store, read.rules, now);
    recordAudit(store, { actor, action: read.rules.on ? "saved the survey booking rules, bookings on" : "saved the survey booking rules, bookings off", now });
    return done(SURVEY_RULES_PATH, "rules");
  },
});
