/**
 * Any /admin path no owner route takes. It sits under the guard like every owner URL, so signed
 * out it sends the visitor to sign in; signed in it answers 404 with the owner area's headers
 * (never cached, never indexed) and the guard's "No such page" message.
 */
import { data } from "react-router";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { NO_SUCH_PAGE } from "~/lib/owner/not-found.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "No such page");

export function loader() {
  throw data(NO_SUCH_PAGE, { status: 404 });
}

export default function OwnerNotFound() {
  return null;
}
