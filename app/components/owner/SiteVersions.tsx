import { exactTime } from "~/lib/time/ago.ts";
import { restoreConfirmation } from "~/lib/site/undo.ts";
import { AskFirst, SecondYes } from "./SecondYes.tsx";

interface Version {
  id: number;
  publishedAt: string;
  author: string;
  summary: string[];
  restoredFrom: number | null;
}

/**
 * Published versions, newest first, each but the live one with Undo (/admin/site/versions). Undo
 * asks first, in words and without JavaScript (a GET): only Yes, go back to this version, a POST
 * carrying `restoreConfirmation`, replaces the draft.
 */
export function SiteVersions({ history, revision, asking }: { history: Version[]; revision: number; asking: number | null }) {
  const undo = (version: number, label: string) =>
    asking === version ? (
      <SecondYes
        intent="restore"
        hidden={{ version, from: revision, confirmed: restoreConfirmation(version) }}
        question={
          <p id="undo-question" className="font-semibold">
            Your draft will be replaced by {version === 0 ? "the facts the site was built with" : `version ${version}`}. The live site changes only when you publish.
          </p>
        }
        yes="Yes, go back to this version"
        yesClass="btn-primary"
        keep={{ href: "/admin/site/versions", label: "Keep my draft" }}
      />
    ) : (
      <AskFirst action="/admin/site/versions#undo-question" name="undo" value={version} label={`Undo: go back to this version (${label})`} button="Undo: go back to this version" />
    );
  return (
    <section aria-label="Published versions" className="card">
      {history.length === 0 ? (
        <p>None yet: each time you publish, the version is kept here.</p>
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
              {i > 0 && undo(version.id, `version ${version.id}`)}
            </li>
          ))}
          <li className="space-y-2 py-3">
            <p className="font-semibold">The facts the site was built with</p>
            {undo(0, "the facts the site was built with")}
          </li>
        </ol>
      )}
    </section>
  );
}
