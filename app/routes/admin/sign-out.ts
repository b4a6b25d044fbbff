/** Sign out: the session ends on the server, and the browser forgets its cookie (`owner.sign-out`). */
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import type { Route } from "./+types/sign-out";

export const action = (args: Route.ActionArgs) => ownerPost(args, ["owner.sign-out"]);
