/** The owner's sign-in: one button, a passkey, no password. */
import { redirect } from "react-router";
import { NEEDS_JAVASCRIPT, PasskeyForm } from "~/components/owner/PasskeyForm.tsx";
import { currentOwner, passkeysWorkHere, safeNext } from "~/lib/owner/auth.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { siteUrl } from "~/lib/public-site/seo.ts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/sign-in";

export const handle: RouteHandle = { scripts: ["passkey"] };

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Sign in");

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"));
  if (currentOwner(storeOf(context), request)) throw redirect(next, 303);
  return {
    next,
    signedOut: url.searchParams.has("signed-out"),
    worksHere: passkeysWorkHere(request),
    siteAddress: `${siteUrl()}/admin/sign-in`,
  };
}

export function action() {
  return { error: NEEDS_JAVASCRIPT };
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-xl py-10">
      <div className="card space-y-4">
        <h1 className="text-2xl">Sign in to your requests</h1>
        {loaderData.signedOut && (
          <p role="status" className="font-semibold text-ok">
            You are signed out.
          </p>
        )}
        {loaderData.worksHere ? (
          <>
            <p>Use the passkey on this phone or computer: your fingerprint, face or screen lock.</p>
            <PasskeyForm endpoint="/admin/webauthn/authentication" label="Sign in with a passkey" hidden={{ next: loaderData.next }} error={actionData?.error} />
          </>
        ) : (
          <p>
            Passkeys work only at the site's own address. Sign in at <a href={loaderData.siteAddress} className="link break-all">{loaderData.siteAddress}</a>.
          </p>
        )}
        <p className="text-sm text-muted">
          No passkey yet, or lost your phone? Ask whoever looks after your server for a new invite link.
        </p>
      </div>
    </section>
  );
}
