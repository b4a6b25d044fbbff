/**
 * The bank details asked for where they are missing: on the page that sends an invoice (issue 35
 * §3). They are an invoicing fact no public page shows, so saving them publishes them alone at
 * once, beside any draft of the site (which gains them too, as a review's testimonial): the live
 * version plus the three facts, recorded as the next version with the form's once-only key, in one
 * transaction. No page is rendered: the new version's folder takes the live pages as they are
 * (SitePublisher.stageUnseen), and the server answers with the new facts as the transaction ends.
 * Nothing of it is kept when anything fails (`bank-details.publish`).
 */
import * as z from "zod/mini";
import { contentFiles } from "../../content/index.ts";
import type { Content } from "../../content/load.ts";
import type { Invoicing } from "../../content/schema.ts";
import { answer, defineAction, done } from "../actions/define.ts";
import type { UnseenStage } from "../services/publisher.ts";
import { contentWith } from "./draft.server.ts";
import { describeChanges, withInvoicing } from "./edits.ts";
import type { FactErrors } from "./facts-form.ts";
import { BANK_DETAILS, BANK_DETAILS_INTENT, INVOICING_FORM_FIELDS, readBankDetails } from "./invoicing-form.ts";
import { liveVersion, recordPublishBeside } from "./versions.server.ts";

/** The bank details' form fields, in the page's order. */
export const BANK_DETAILS_FIELDS = BANK_DETAILS.map((field) => INVOICING_FORM_FIELDS[field]);

/** The page's answer to the bank details' form: what was typed and its messages, or why nothing was published. */
export interface BankDetailsAnswer {
  bank?: { values: Record<string, string>; errors: FactErrors };
  error?: string;
}

const typed = (form: FormData) => Object.fromEntries(BANK_DETAILS_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));

/** What the bank details' publish staged, and what the transaction recorded. */
interface Staged {
  stage: UnseenStage;
  version?: number;
  content?: Content;
}

/** The form read over the invoicing facts live now: the three details, each at its field when wrong. */
function bankSchema(current: Invoicing) {
  return z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((raw, context): Partial<Invoicing> => {
      const form = new FormData();
      for (const name of BANK_DETAILS_FIELDS) form.set(name, typeof raw[name] === "string" ? raw[name] : "");
      const read = readBankDetails(form, current);
      if (read.ok) return read.fields;
      for (const [field, message] of Object.entries(read.errors)) context.issues.push({ code: "custom", path: [field], message, input: raw });
      return z.NEVER;
    }),
  );
}

export const bankDetailsPublish = defineAction({
  name: "bank-details.publish",
  intent: BANK_DETAILS_INTENT,
  schema: ({ content }) => bankSchema(content.invoicing),
  refused: (errors, form): BankDetailsAnswer => ({ bank: { values: typed(form), errors: errors as FactErrors }, error: "Your bank details were not saved: see the messages below." }),
  prepare: async (_, { services }): Promise<Staged | undefined> => {
    const stage = await services.publisher?.stageUnseen?.();
    return stage && { stage };
  },
  apply: (fields, { store, actor, content, services, url, form }, staged) => {
    const publisher = services.publisher;
    if (!staged || !publisher) return answer({ bank: { values: typed(form), errors: {} }, error: "Publishing is not available on this server, so your bank details were not saved." } satisfies BankDetailsAnswer, 503);
    const live = liveVersion(store);
    const edits = withInvoicing(contentFiles, live?.edits ?? {}, fields);
    const next = contentWith(edits);
    if ("problems" in next) return answer({ bank: { values: typed(form), errors: {} }, error: `Your bank details were not saved: the site's checks found a problem. ${next.problems.join(". ")}.` } satisfies BankDetailsAnswer);
    const summary = describeChanges(content, next.content, publisher.pageCount());
    const version = recordPublishBeside(store, { edits, from: live?.id ?? null, author: actor, summary, sameInDraft: (draft) => withInvoicing(contentFiles, draft, fields) });
    if (version === undefined) return answer({ bank: { values: typed(form), errors: {} }, error: "Another change to your site went live meanwhile, so your bank details were not saved. Save them again." } satisfies BankDetailsAnswer, 409);
    staged.version = version;
    staged.content = next.content;
    return done(url.pathname, "bank-details");
  },
  after: (staged, committed) => {
    if (!staged) return;
    if (committed && staged.version !== undefined && staged.content) staged.stage.live(staged.version, staged.content);
    else staged.stage.discard();
  },
});
