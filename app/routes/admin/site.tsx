/**
 * The owner keeps his own site true (/admin/site): the business facts as a form checked by the
 * content files' own schema, saved as a draft, previewed as the real pages, and published in
 * seconds, with every published version kept and any earlier one a tap away (Undo). Works
 * without JavaScript.
 */
import { Notices } from "~/components/owner/Notices.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import { data, redirect } from "react-router";
import { Field } from "~/components/forms/Field.tsx";
import { PublishAnyway, SiteDraft } from "~/components/owner/SiteDraft.tsx";
import { restoreConfirmation, SiteVersions } from "~/components/owner/SiteVersions.tsx";
import { ChatNumberChoice } from "~/components/owner/ChatNumberChoice.tsx";
import { contentFiles } from "~/content/index.ts";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { SOCIAL_NETWORKS } from "~/content/rules/links.ts";
import { contentOf, servicesOf, storeOf } from "~/lib/services.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { exactTime } from "~/lib/owner/time.ts";
import { describeChanges, editsFor } from "~/lib/site/edits.ts";
import { contentWith, saveCheckedDraft, STALE_DRAFT } from "~/lib/site/draft.server.ts";
import { CLAIM_FIELDS, factValues, placeholders, readFacts, type FactErrors, type FactValues } from "~/lib/site/facts-form.ts";
import { publishDraft, type PublishQuestion } from "~/lib/site/publish-draft.server.ts";
import { visitorWarnings } from "~/lib/site/turns-visitors-away.ts";
import { currentDraft, discardSiteDraft, hasChanges, liveVersion, restoreVersion, saveSiteDraft, versionById, versionHistory } from "~/lib/site/versions.server.ts";
import { parseRecordId } from "~/lib/record-id.ts";
import * as z from "zod/mini";
import { intents, parseForm, recordId, revision, text } from "~/lib/forms/parse-form.ts";
import type { Db } from "~/lib/db/connection.server.ts";
import type { Route } from "./+types/site";
import { noticeOf } from "~/lib/owner/notices.ts";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Your site");

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const store = storeOf(context);
  const live = liveVersion(store);
  const draft = currentDraft(store);
  const drafted = contentWith(draft.edits);
  const now = contentOf(context);
  const shown = "content" in drafted ? drafted.content : now;
  const pages = servicesOf(context).publisher?.pageCount() ?? 0;
  const published = Number(url.searchParams.get("published"));
  return {
    live: live ? { id: live.id, publishedAt: live.publishedAt, author: live.author } : null,
    draft: {
      revision: draft.revision,
      updatedAt: draft.updatedAt,
      author: draft.author,
      pending: hasChanges(store),
      changes: "content" in drafted ? describeChanges(now, drafted.content, pages) : [],
      problems: "problems" in drafted ? drafted.problems : [],
      warnings: "content" in drafted ? visitorWarnings(drafted.content) : [],
    },
    values: factValues(shown.business),
    counts: { testimonials: shown.testimonials.length, gallery: shown.gallery.length },
    hours: shown.business.openingHours.map((row) => row.label),
    social: shown.business.social.map((link) => link.network),
    history: versionHistory(store).map(({ id, publishedAt, author, summary, restoredFrom }) => ({ id, publishedAt, author, summary, restoredFrom })),
    placeholders: placeholders(now.business, contentFiles),
    undo: undoAsked(store, url.searchParams.get("undo")),
    justPublished: published && live?.id === published ? { id: published, seconds: Number(url.searchParams.get("ms")) / 1000 } : null,
    notice: noticeOf(url, {
      saved: "Draft saved. Preview it, then publish it to make it live.",
      discarded: "Draft discarded. The live site is unchanged.",
      restored: "That version is now your draft: preview it, then publish it to bring it back.",
    }),
  };
}

/** The version whose Undo was pressed (0: the facts the site was built with), to ask about first. */
function undoAsked(store: Db, param: string | null): number | null {
  const version = parseRecordId(param);
  if (version === undefined) return null;
  return version === 0 || versionById(store, version) ? version : null;
}

type ActionData = { error?: string; errors?: FactErrors; values?: FactValues; failed?: { page: string; problem: string }; question?: PublishQuestion };
const answer = (body: ActionData, status: number) => data(body, { status });

/** The page's buttons, each with the draft revision it was shown (`from`); the facts are `readFacts`'s. */
const siteForm = intents([
  z.object({ intent: z.enum(["save", "discard"]), from: revision() }),
  // Only the question's own button replaces the draft (`confirmed`): a bare or replayed Undo asks the question.
  z.object({ intent: z.literal("restore"), from: revision(), version: recordId(), confirmed: text() }),
  z.object({ intent: z.literal("publish"), from: revision(), confirmation: text() }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  const store = storeOf(context);
  const form = await readForm(request);
  const posted = parseForm(siteForm, form);
  if (!posted.ok) {
    // A version that is not a number is one that does not exist.
    if (posted.errors.version) throw data(null, { status: 404 });
    return answer({ error: posted.errors.intent }, 400);
  }
  const { from } = posted.value;
  switch (posted.value.intent) {
    case "save": {
      const read = readFacts(form, contentOf(context).business);
      if (!read.ok) return answer({ errors: read.errors, values: read.values, error: "Some facts need correcting: see the messages beside them. Nothing was saved." }, 400);
      const saved = saveCheckedDraft(store, editsFor(contentFiles, read.fields, currentDraft(store).edits), { from, author: owner.name });
      if (!saved.ok) return answer({ values: read.values, error: saved.error }, saved.status);
      return redirect("/admin/site?saved", 303);
    }
    case "discard":
      if (currentDraft(store).revision !== from) return answer({ error: STALE_DRAFT }, 409);
      discardSiteDraft(store, owner.name);
      return redirect("/admin/site?discarded", 303);
    case "restore": {
      const { version, confirmed } = posted.value;
      if (confirmed !== restoreConfirmation(version)) return redirect(`/admin/site?undo=${version}#undo-question`, 303);
      // Version 0 is the facts the site was built with: no edits at all.
      const restored = version === 0 ? saveSiteDraft(store, {}, { from, author: owner.name }) : restoreVersion(store, version, { from, author: owner.name });
      if (!restored) throw data(null, { status: 404 });
      if (!restored.ok) return answer({ error: STALE_DRAFT }, 409);
      return redirect("/admin/site?restored", 303);
    }
    case "publish": {
      const published = await publishDraft(store, servicesOf(context).publisher, contentOf(context), { from, confirmation: posted.value.confirmation, author: owner.name, passkeyId: owner.passkeyId });
      if (published.ok) return redirect(`/admin/site?published=${published.version}&ms=${published.ms}`, 303);
      const { status, error, failed, question } = published;
      return answer({ error, failed, question }, status);
    }
  }
}

export default function SitePage({ loaderData, actionData }: Route.ComponentProps) {
  const { live, draft, history, justPublished, notice } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const field = (name: string, label: string, options: { type?: string; hint?: string; autoComplete?: string } = {}) => (
    <Field form="site" name={name} label={label} type={options.type} hint={options.hint} autoComplete={options.autoComplete} defaultValue={values[name]} error={errors[name]} />
  );
  return (
    <div className="container-page max-w-3xl space-y-6 py-6">
      <h1 className="text-2xl">Your site</h1>
      {justPublished && (
        <p role="status" className="card py-3 font-semibold text-ok">
          Live ✓ {exactTime(live!.publishedAt)}: version {justPublished.id} is on every page, published in {justPublished.seconds.toFixed(1)} s.
        </p>
      )}
      <Notices notice={notice} />
      {actionData?.error && (
        <div role="alert" className="card space-y-1 py-3 text-danger">
          <p className="font-semibold">{actionData.error}</p>
          {actionData.failed && (
            <p>
              The page {actionData.failed.page} failed: {actionData.failed.problem}.
            </p>
          )}
          {actionData.question && actionData.question.revision === draft.revision && <PublishAnyway question={actionData.question} />}
        </div>
      )}
      <CardSection id="live-heading" title="What is live" className="space-y-3">
        <p>
          {live
            ? `Version ${live.id}, published ${exactTime(live.publishedAt)} by ${live.author}.`
            : "The site shows the facts it was built with: nothing has been published from here yet."}
        </p>
        {loaderData.placeholders.length > 0 && (
          <>
            <h3 className="text-lg">Still to replace before launch</h3>
            <ul className="list-disc space-y-1 pl-6">
              {loaderData.placeholders.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        )}
      </CardSection>
      {draft.pending && <SiteDraft draft={draft} />}
      <CardSection id="more-heading" title="More to change" className="space-y-3">
        <ul className="space-y-2">
          <li>
            <a href="/admin/site/testimonials" className="link">
              Testimonials
            </a>{" "}
            ({loaderData.counts.testimonials} on the site)
          </li>
          <li>
            <a href="/admin/site/gallery" className="link">
              Gallery
            </a>{" "}
            ({loaderData.counts.gallery} projects): add a photo of a finished job
          </li>
          <li>
            <a href="/admin/site/texts" className="link">
              Page texts
            </a>
            : a service page&apos;s opening and answers, a town page&apos;s paragraphs
          </li>
        </ul>
      </CardSection>
      <form method="post" noValidate className="space-y-6" aria-labelledby="facts-heading">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="from" value={draft.revision} />
        <section className="card space-y-4">
          <h2 id="facts-heading" className="text-xl">
            Your business facts
          </h2>
          <p className="text-muted">Shown on every page, in the header, the footer and what search engines read.</p>
          {field("phone", "Phone number", { type: "tel", autoComplete: "tel", hint: "As people read it, e.g. 01438 555123. The call buttons dial it." })}
          <ChatNumberChoice values={values} errors={errors} />
          {field("email", "E-mail address", { type: "email", autoComplete: "email" })}
        </section>
        <fieldset className="card space-y-4">
          <legend className="float-left mb-2 w-full text-xl font-semibold">Opening hours</legend>
          {loaderData.hours.map((label, i) => (
            <fieldset key={label} className="clear-both grid gap-3 sm:grid-cols-3">
              <legend className="mb-1 font-semibold">{label}</legend>
              {field(`hours-${i}-opens`, "Opens", { type: "time" })}
              {field(`hours-${i}-closes`, "Closes", { type: "time" })}
              <label className="flex min-h-11 items-center gap-2 self-end">
                <input type="checkbox" name={`hours-${i}-closed`} defaultChecked={values[`hours-${i}-closed`] === "on"} className="size-5" />
                Closed all day
              </label>
            </fieldset>
          ))}
        </fieldset>
        <CardSection id="closure-heading" title="Closure notice">
          <p className="text-muted">Shown under the header of every page until the end of its last day, then gone by itself. Leave both empty for none.</p>
          {field("closure-message", "Notice", { hint: "e.g. Closed for Christmas: we reopen on Monday 4 January" })}
          {field("closure-until", "Last day closed", { type: "date" })}
        </CardSection>
        <CardSection id="claims-heading" title="Promises and guarantees">
          {CLAIM_FIELDS.map(({ key, label }) => field(`claims-${key}`, label, key === "experienceYears" ? { type: "number" } : {}))}
        </CardSection>
        <CardSection id="social-heading" title="Social and review links">
          {loaderData.social.map((network, i) => field(`social-${i}`, `${SOCIAL_NETWORKS[network].label} page`, { type: "url", hint: `e.g. ${SOCIAL_NETWORKS[network].example}` }))}
          {field("google-review", "Google review link", {
            type: "url",
            hint: "Optional. The link Google gives you for asking for reviews: https://g.page/r/…/review or https://search.google.com/local/writereview?placeid=…",
          })}
        </CardSection>
        <button type="submit" className="btn-primary">
          Save draft
        </button>
      </form>
      <SiteVersions history={history} revision={draft.revision} asking={loaderData.undo} />
    </div>
  );
}
