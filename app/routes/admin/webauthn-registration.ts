/**
 * Creating a passkey: from an invite link (the first passkey, or a new one after a lost phone)
 * or, signed in, another device. Two posts: "options", then "verify".
 */
import { readForm } from "~/lib/forms/read-form.server.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import { recordAudit } from "~/lib/db/audit.server.ts";
import { currentOwner, sessionCookie } from "~/lib/owner/auth.server.ts";
import { checkInvite, spendInvite } from "~/lib/owner/invites.server.ts";
import { addPasskey } from "~/lib/owner/passkeys.server.ts";
import { createSession } from "~/lib/owner/sessions.server.ts";
import { CeremonyError, registrationOptions, spentChallengeCookie, verifyRegistration } from "~/lib/owner/webauthn.server.ts";
import type { Route } from "./+types/webauthn-registration";

const INVITE_REFUSED = {
  used: "This invite link has already been used.",
  expired: "This invite link has expired.",
  unknown: "This invite link is not valid.",
};

const refuse = (error: string, status: number, reason = error) => {
  console.warn(`Passkey registration refused: ${reason}`);
  return Response.json({ error }, { status });
};

export async function action({ request, context }: Route.ActionArgs) {
  const store = storeOf(context);
  const form = await readForm(request);
  const inviteToken = String(form.get("invite") ?? "");
  const invite = inviteToken ? checkInvite(store, inviteToken) : undefined;
  const owner = inviteToken ? undefined : currentOwner(store, request);
  if (invite && invite.state !== "valid") return refuse(INVITE_REFUSED[invite.state], 403);
  if (!invite && !owner) return refuse("Sign in first.", 403, "no invite and no session");
  const name = invite?.state === "valid" ? invite.invite.name : String(form.get("name") ?? "").trim().slice(0, 60) || "Another device";

  const intent = form.get("intent");
  if (intent === "options") {
    const { optionsJSON, cookie } = await registrationOptions(store, request, { rpName: contentOf(context).business.name, userName: name });
    return Response.json(optionsJSON, { headers: { "Set-Cookie": cookie } });
  }
  if (intent !== "verify") return refuse("Unknown step.", 400);

  let credential;
  try {
    credential = await verifyRegistration(store, request, form);
  } catch (error) {
    if (error instanceof CeremonyError) return refuse(error.message, 400);
    throw error;
  }
  const actor = owner?.name ?? name;
  const token = store.inTransaction(() => {
    if (invite?.state === "valid" && !spendInvite(store, invite.invite.id)) return undefined;
    const passkey = addPasskey(store, { ...credential, name });
    recordAudit(store, { actor, action: "added a passkey", detail: name });
    return invite ? createSession(store, passkey.id) : "";
  });
  if (token === undefined) return refuse(INVITE_REFUSED.used, 403);
  const headers = new Headers({ "Set-Cookie": spentChallengeCookie() });
  if (token) headers.append("Set-Cookie", sessionCookie(token));
  return Response.json({ redirect: invite ? "/admin" : "/admin/passkeys?added=1" }, { headers });
}
