/**
 * A photo of the job on the customer's page, in one of its two sizes, through the page's link only
 * (issue 37 §3): a closed or unknown link, an erased request, or a photo the page does not show
 * gets 404, answered as every private photo is (lib/photos/private-photo.server.ts).
 */
import { privatePhoto } from "~/lib/photos/private-photo.server.ts";
import { checkCustomerLink } from "~/lib/links/page-links.server.ts";
import { customerPhotoPath } from "~/lib/photos/customer-photos.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/customer-page-photo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const link = checkCustomerLink(store, params.token);
  const file = link.state === "open" ? customerPhotoPath(store, store.photosDir, link.leadId, params.photoId, params.size) : undefined;
  return privatePhoto(file);
}
