/**
 * The app's own page for a page the phone did not keep (issue 36 §1): with no signal the owner's
 * service worker shows it in place of the browser's "No internet", with the way to what is kept.
 */
import { TopBar } from "~/components/owner/TopBar.tsx";
import { ownerMeta } from "~/lib/owner/meta.ts";
import type { Route } from "./+types/offline";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Not saved on your phone");

export default function Offline() {
  return (
    <>
      <TopBar title="Not saved on your phone" back={{ href: "/admin", label: "Requests" }} />
      <div className="container-page space-y-4 py-4">
        <p>This page was not saved on your phone. It opens when you have signal.</p>
        <p>Your phone keeps your requests, the diary, draft quotes, Money and Help.</p>
        <ul className="flex flex-wrap gap-3">
          <li>
            <a href="/admin" className="btn-primary">
              Open requests
            </a>
          </li>
          <li>
            <a href="/admin/diary" className="btn-secondary">
              Open the diary
            </a>
          </li>
        </ul>
      </div>
    </>
  );
}
