/** Records a contact request sent by the contact page's script, which has opened the chat itself. */
import { contactRecordAction } from "~/lib/enquiries/contact-action.server.ts";
import { servicesOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/api-contact";

export function action({ request, context }: Route.ActionArgs) {
  return contactRecordAction(request, servicesOf(context));
}
