/**
 * More → Waiting to send (issue 36 §2, §3): what the owner did with no signal, in the order he
 * did it, each "Waiting to send" or "Could not be done" with why. The list is on the phone
 * (IndexedDB), so the page's script fills it (enhance/owner-offline.ts); the server knows nothing
 * is waiting until it is sent.
 */
import { MORE_BACK, TopBar } from "~/components/owner/TopBar.tsx";
import { ownerMeta } from "~/lib/owner/meta.ts";
import type { Route } from "./+types/waiting";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Waiting to send");

export default function Waiting() {
  return (
    <>
      <TopBar title="Waiting to send" back={MORE_BACK} />
      <div className="container-page space-y-4 py-4" data-outbox-list="">
        <p>What you do with no signal is kept on your phone and sent, in the order you did it, when the signal is back.</p>
        <p data-outbox-empty="">Nothing is waiting to be sent.</p>
      </div>
    </>
  );
}
