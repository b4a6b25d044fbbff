/**
 * Help: how to do each thing in the owner's area, in the owner's words, on a phone. Nothing here
 * is for a developer or whoever runs the server (README.md and docs/operations.md are theirs).
 */
import { ownerMeta } from "~/lib/owner/meta.ts";
import { HELP_TOPICS as TOPICS } from "~/components/owner/HelpTopics.tsx";
import { MORE_BACK, TopBar } from "~/components/owner/TopBar.tsx";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Help");

export default function Help() {
  return (
    <>
      <TopBar title="Help" back={MORE_BACK} />
      <div className="container-page max-w-3xl space-y-6 py-4">
        <nav aria-labelledby="help-topics">
          <h2 id="help-topics" className="text-lg">
            Topics
          </h2>
          <ul className="mt-2 space-y-1">
            {TOPICS.map((topic) => (
              <li key={topic.id}>
                <a href={`#${topic.id}`} className="link inline-flex min-h-11 items-center">
                  {topic.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {TOPICS.map((topic) => (
          <section key={topic.id} id={topic.id} aria-labelledby={`${topic.id}-heading`} className="card space-y-3 p-4 sm:p-6">
            <h2 id={`${topic.id}-heading`} className="text-xl">
              {topic.title}
            </h2>
            {topic.body}
          </section>
        ))}
      </div>
    </>
  );
}
