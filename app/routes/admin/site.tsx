/**
 * The owner keeps his own site true (/admin/site): the business facts as a form checked by the
 * content files' own schema, saved as a draft, previewed as the real pages, and published in
 * seconds, with every published version kept and any earlier one a tap away (Undo). Works
 * without JavaScript.
 */
import { data, redirect } from "react-router";
import { Field } from "~/components/forms/Field.tsx";
import { ChatNumberChoice } from "~/components/owner/ChatNumberChoice.tsx";
import { OwnerForm } from "~/components/owner/OwnerForm.tsx";
import { contentFiles, contentNow } from "~/content/index.ts";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { SOCIAL_NETWORKS } from "~/lib/link-rules.ts";
import { leadStore } from "~/lib/leads.server.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { exactTime } from "~/lib/owner/time.ts";
import { describeChanges, editsFor } from "~/lib/site/edits.ts";
import { contentWith, saveCheckedDraft, STALE_DRAFT } from "~/lib/site/draft.server.ts";
import { CLAIM_FIELDS, factValues, placeholders, readFacts, type FactErrors, type FactValues } from "~/lib/site/facts-form.ts";
import { sitePublisher } from "~/lib/site/publisher.ts";
import { currentDraft, discardSiteDraft, hasChanges, liveVersion, recordPublish, restoreVersion, saveSiteDraft, versionHistory } from "~/lib/site/versions.server.ts";
import type { Route } from "./+types/site";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Your site");

const NOTICES: Record<string, string> = {
  saved: "Draft saved. Preview it, then publish it to make it live.",
  discarded: "Draft discarded. The live site is unchanged.",
  restored: "That version is now your draft: preview it, then publish it to bring it back.",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const store = leadStore();
  const live = liveVersion(store);
  const draft = currentDraft(store);
  const drafted = contentWith(draft.edits);
  const shown = "content" in drafted ? drafted.content : contentNow();
  const pages = sitePublisher()?.pageCount() ?? 0;
  const published = Number(url.searchParams.get("published"));
  return {
    live: live ? { id: live.id, publishedAt: live.publishedAt, author: live.author } : null,
    draft: {
      revision: draft.revision,
      updatedAt: draft.updatedAt,
      author: draft.author,
      pending: hasChanges(store),
      changes: "content" in drafted ? describeChanges(contentNow(), drafted.content, pages) : [],
      problems: "problems" in drafted ? drafted.problems : [],
    },
    values: factValues(shown.business),
    counts: { testimonials: shown.testimonials.length, gallery: shown.gallery.length },
    hours: shown.business.openingHours.map((row) => row.label),
    social: shown.business.social.map((link) => link.network),
    history: versionHistory(store).map(({ id, publishedAt, author, summary, restoredFrom }) => ({ id, publishedAt, author, summary, restoredFrom })),
    placeholders: placeholders(contentNow().business, contentFiles),
    justPublished: published && live?.id === published ? { id: published, seconds: Number(url.searchParams.get("ms")) / 1000 } : null,
    notice: Object.entries(NOTICES).find(([key]) => url.searchParams.has(key))?.[1],
  };
}

type ActionData = { error?: string; errors?: FactErrors; values?: FactValues; failed?: { page: string; problem: string } };
const answer = (body: ActionData, status: number) => data(body, { status });

export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  const store = leadStore();
  const form = await readForm(request);
  const intent = form.get("intent");
  const from = Number(form.get("from"));
  if (intent === "save") {
    const read = readFacts(form, contentNow().business);
    if (!read.ok) return answer({ errors: read.errors, values: read.values, error: "Some facts need correcting: see the messages beside them. Nothing was saved." }, 400);
    const saved = saveCheckedDraft(store, editsFor(contentFiles, read.fields), { from, author: owner.name });
    if (!saved.ok) return answer({ values: read.values, error: saved.error }, saved.status);
    return redirect("/admin/site?saved", 303);
  }
  if (intent === "discard") {
    if (currentDraft(store).revision !== from) return answer({ error: STALE_DRAFT }, 409);
    discardSiteDraft(store, owner.name);
    return redirect("/admin/site?discarded", 303);
  }
  if (intent === "restore") {
    const version = Number(form.get("version"));
    // Version 0 is the facts the site was built with: no edits at all.
    const restored = version === 0 ? saveSiteDraft(store, {}, { from, author: owner.name }) : restoreVersion(store, version, { from, author: owner.name });
    if (!restored) throw data(null, { status: 404 });
    if (!restored.ok) return answer({ error: STALE_DRAFT }, 409);
    return redirect("/admin/site?restored", 303);
  }
  if (intent === "publish") {
    const publisher = sitePublisher();
    if (!publisher) return answer({ error: "Publishing is not available on this server." }, 503);
    const draft = currentDraft(store);
    if (draft.revision !== from) return answer({ error: STALE_DRAFT }, 409);
    const checked = contentWith(draft.edits);
    if ("problems" in checked) return answer({ error: `The draft does not pass the content checks: ${checked.problems.join("; ")}` }, 400);
    const summary = describeChanges(contentNow(), checked.content, publisher.pageCount());
    const outcome = await publisher.publish(checked.content, () =>
      recordPublish(store, { edits: draft.edits, from, author: owner.name, passkeyId: owner.passkeyId, summary }),
    );
    if (outcome.ok) return redirect(`/admin/site?published=${outcome.version}&ms=${outcome.ms}`, 303);
    if (outcome.reason === "stale") return answer({ error: STALE_DRAFT }, 409);
    return answer({ error: "Nothing was published: the live site is unchanged.", failed: { page: outcome.page, problem: outcome.problem } }, 500);
  }
  return answer({ error: "That did not work. Reload the page and try again." }, 400);
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
      {notice && (
        <p role="status" className="card py-3 font-semibold text-ok">
          {notice}
        </p>
      )}
      {actionData?.error && (
        <div role="alert" className="card space-y-1 py-3 text-danger">
          <p className="font-semibold">{actionData.error}</p>
          {actionData.failed && (
            <p>
              The page {actionData.failed.page} failed: {actionData.failed.problem}.
            </p>
          )}
        </div>
      )}
      <section aria-labelledby="live-heading" className="card space-y-3">
        <h2 id="live-heading" className="text-xl">
          What is live
        </h2>
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
      </section>
      {draft.pending && (
        <section aria-labelledby="draft-heading" className="card space-y-3">
          <h2 id="draft-heading" className="text-xl">
            Your draft
          </h2>
          <p>
            Saved {draft.updatedAt && exactTime(draft.updatedAt)}
            {draft.author && ` by ${draft.author}`}. Publishing changes:
          </p>
          {draft.changes.length > 0 ? (
            <ul className="list-disc space-y-1 pl-6">
              {draft.changes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>Nothing on the pages: the draft is the same as what is live.</p>
          )}
          {draft.problems.length > 0 && <p className="font-semibold text-danger">It does not pass the content checks: {draft.problems.join("; ")}</p>}
          <div className="flex flex-wrap gap-3">
            <a href="/admin/site/preview/" className="btn-secondary">
              Preview the home page
            </a>
            <OwnerForm intent="publish">
              <input type="hidden" name="from" value={draft.revision} />
              <button type="submit" className="btn-primary">
                Publish
              </button>
            </OwnerForm>
            <OwnerForm intent="discard">
              <input type="hidden" name="from" value={draft.revision} />
              <button type="submit" className="btn-secondary">
                Discard draft
              </button>
            </OwnerForm>
          </div>
        </section>
      )}
      <section aria-labelledby="more-heading" className="card space-y-3">
        <h2 id="more-heading" className="text-xl">
          More to change
        </h2>
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
      </section>
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
        <section className="card space-y-4" aria-labelledby="closure-heading">
          <h2 id="closure-heading" className="text-xl">
            Closure notice
          </h2>
          <p className="text-muted">Shown under the header of every page until the end of its last day, then gone by itself. Leave both empty for none.</p>
          {field("closure-message", "Notice", { hint: "e.g. Closed for Christmas: we reopen on Monday 4 January" })}
          {field("closure-until", "Last day closed", { type: "date" })}
        </section>
        <section className="card space-y-4" aria-labelledby="claims-heading">
          <h2 id="claims-heading" className="text-xl">
            Promises and guarantees
          </h2>
          {CLAIM_FIELDS.map(({ key, label }) => field(`claims-${key}`, label, key === "experienceYears" ? { type: "number" } : {}))}
        </section>
        <section className="card space-y-4" aria-labelledby="social-heading">
          <h2 id="social-heading" className="text-xl">
            Social and review links
          </h2>
          {loaderData.social.map((network, i) => field(`social-${i}`, `${SOCIAL_NETWORKS[network].label} page`, { type: "url", hint: `e.g. ${SOCIAL_NETWORKS[network].example}` }))}
          {field("google-review", "Google review link", {
            type: "url",
            hint: "Optional. The link Google gives you for asking for reviews: https://g.page/r/…/review or https://search.google.com/local/writereview?placeid=…",
          })}
        </section>
        <button type="submit" className="btn-primary">
          Save draft
        </button>
      </form>
      <section aria-labelledby="history-heading" className="card space-y-3">
        <h2 id="history-heading" className="text-xl">
          Published versions
        </h2>
        {history.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200">
            {history.map((version, i) => (
              <li key={version.id} className="space-y-2 py-3">
                <p className="font-semibold">
                  Version {version.id}
                  {i === 0 && " (live)"}: {exactTime(version.publishedAt)} by {version.author}
                  {version.restoredFrom && `, bringing back version ${version.restoredFrom}`}
                </p>
                {version.summary.length > 0 && <p className="text-muted">{version.summary.join("; ")}</p>}
                {i > 0 && (
                  <OwnerForm intent="restore">
                    <input type="hidden" name="version" value={version.id} />
                    <input type="hidden" name="from" value={draft.revision} />
                    <button type="submit" className="btn-secondary" aria-label={`Undo: go back to this version (version ${version.id})`}>
                      Undo: go back to this version
                    </button>
                  </OwnerForm>
                )}
              </li>
            ))}
            <li className="space-y-2 py-3">
              <p className="font-semibold">The facts the site was built with</p>
              <OwnerForm intent="restore">
                <input type="hidden" name="version" value={0} />
                <input type="hidden" name="from" value={draft.revision} />
                <button type="submit" className="btn-secondary" aria-label="Undo: go back to this version (the facts the site was built with)">
                  Undo: go back to this version
                </button>
              </OwnerForm>
            </li>
          </ol>
        )}
      </section>
    </div>
  );
}
