/** Signing in with a passkey: two posts, "options" then "verify"; a new session on success. */
import { readForm } from "~/lib/forms/read-form.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import { safeNext, sessionCookie } from "~/lib/owner/auth.server.ts";
import { createSession, sweepSessions } from "~/lib/owner/sessions.server.ts";
import { authenticationOptions, CeremonyError, spentChallengeCookie, verifyAuthentication } from "~/lib/owner/webauthn.server.ts";
import type { Route } from "./+types/webauthn-authentication";

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "options") {
    const { optionsJSON, cookie } = await authenticationOptions(store, request);
    return Response.json(optionsJSON, { headers: { "Set-Cookie": cookie } });
  }
  if (intent !== "verify") return Response.json({ error: "Unknown step." }, { status: 400 });
  try {
    const passkey = await verifyAuthentication(store, request, form);
    sweepSessions(store);
    const headers = new Headers({ "Set-Cookie": spentChallengeCookie() });
    headers.append("Set-Cookie", sessionCookie(createSession(store, passkey.id)));
    return Response.json({ redirect: safeNext(form.get("next")) }, { headers });
  } catch (error) {
    if (!(error instanceof CeremonyError)) throw error;
    console.warn(`Passkey sign-in refused: ${error.message}`);
    return Response.json({ error: error.message }, { status: 400 });
  }
}
