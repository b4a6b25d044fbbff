import { CardSection } from "~/components/CardSection.tsx";
import { exactTime } from "~/lib/time/ago.ts";
import { OwnerButton } from "./OwnerForm.tsx";
import { DANGER } from "./SecondYes.tsx";

export interface DraftSummary {
  revision: number;
  updatedAt: string | null;
  author: string | null;
  changes: string[];
  problems: string[];
  /** What the draft would do to every visitor (closed every day, no phone, no service), in words. */
  warnings: string[];
}

/** What a draft would do to every visitor (closed every day, no phone), said before anything else. */
export function DraftWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul aria-label="Warnings" className="space-y-1 font-semibold text-danger">
      {warnings.map((line) => (
        <li key={line}>{line}.</li>
      ))}
    </ul>
  );
}

/** Your draft on Your site: what publishing changes, what it would do to visitors, and its buttons. */
export function SiteDraft({ draft }: { draft: DraftSummary }) {
  return (
    <CardSection id="draft-heading" title="Your draft" className="space-y-3">
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
      <DraftWarnings warnings={draft.warnings} />
      {draft.problems.length > 0 && <p className="font-semibold text-danger">It cannot be published until this is put right: {draft.problems.join(". ")}.</p>}
      <div className="flex flex-wrap gap-3">
        <a href="/admin/site/preview/" className="btn-secondary">
          Preview
        </a>
        <OwnerButton intent="publish" hidden={{ from: draft.revision }} className="btn-primary">
          Publish
        </OwnerButton>
        <OwnerButton intent="discard" hidden={{ from: draft.revision }}>
          Discard draft
        </OwnerButton>
      </div>
    </CardSection>
  );
}

/**
 * The question a Publish of a draft that would turn every visitor away answers with: the
 * warnings, and Publish anyway, which carries the confirmation of that draft revision only.
 */
export function PublishAnyway({ question }: { question: { revision: number; confirmation: string; warnings: string[] } }) {
  return (
    <div className="space-y-3">
      <ul className="space-y-1">
        {question.warnings.map((line) => (
          <li key={line}>{line}.</li>
        ))}
      </ul>
      <p className="text-ink">The live site is unchanged. Publish this draft only if that is what you mean; otherwise change it and save it again.</p>
      <OwnerButton intent="publish" hidden={{ from: question.revision, confirmation: question.confirmation }} className={DANGER}>
        Publish anyway
      </OwnerButton>
    </div>
  );
}
