/** Sign out: the session ends on the server, and the browser forgets its cookie. */
import { redirect } from "react-router";
import { storeOf } from "~/lib/services/services.ts";
import { clearedSessionCookie, readCookie, SESSION_COOKIE } from "~/lib/owner/auth.server.ts";
import { endSession } from "~/lib/owner/sessions.server.ts";
import type { Route } from "./+types/sign-out";

export function action({ request, context }: Route.ActionArgs) {
  const token = readCookie(request, SESSION_COOKIE);
  if (token) endSession(storeOf(context), token);
  return redirect("/admin/sign-in?signed-out", { status: 303, headers: { "Set-Cookie": clearedSessionCookie() } });
}
