/** An invite link: a button that creates a passkey, once, within 24 hours. */
import { data } from "react-router";
import { NEEDS_JAVASCRIPT, PasskeyForm } from "~/components/owner/PasskeyForm.tsx";
import { storeOf } from "~/lib/services/services.ts";
import { checkInvite } from "~/lib/owner/invites.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/invite";

export const handle: RouteHandle = { scripts: ["passkey"] };

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Create your passkey");

const REFUSED = {
  used: { title: "This invite link has already been used", status: 410 },
  expired: { title: "This invite link has expired", status: 410 },
  unknown: { title: "This invite link is not valid", status: 404 },
} as const;

export function loader({ params, context }: Route.LoaderArgs) {
  const checked = checkInvite(storeOf(context), params.token);
  if (checked.state === "valid") return { state: "valid" as const, name: checked.invite.name };
  return data({ state: checked.state }, { status: REFUSED[checked.state].status });
}

export function action() {
  return { error: NEEDS_JAVASCRIPT };
}

export default function Invite({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-xl py-10">
      <div className="card space-y-4">
        {loaderData.state === "valid" ? (
          <>
            <h1 className="text-2xl">Create your passkey</h1>
            <p>
              This invite is for <strong>{loaderData.name}</strong>. A passkey signs you in with this phone or computer's fingerprint,
              face or screen lock: no password.
            </p>
            <PasskeyForm endpoint="/admin/webauthn/registration" label="Create passkey" hidden={{ invite: params.token }} error={actionData?.error} />
          </>
        ) : (
          <>
            <h1 className="text-2xl">{REFUSED[loaderData.state].title}</h1>
            <p>Each invite link works once, for 24 hours.</p>
          </>
        )}
      </div>
    </section>
  );
}
