/**
 * The customer's page's photos of their roof and the consent question (issue 37 §3–§4, decision
 * 35): the photos the owner shows them, each served through the page's own link, and once the job
 * is done (the owner pressed Job done) "May we show photos of your roof on our website?", answered
 * Yes or No and changeable later (`photos.consent`, an action of the one way in, decision 28).
 */
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo, refuse } from "../actions/define.ts";
import { recordAudit } from "../db/audit.server.ts";
import type { Db } from "../db/connection.server.ts";
import { text } from "../forms/parse-form.ts";
import { checkCustomerLink } from "../links/page-links.server.ts";
import { CLOSED_LINK_STATUS } from "../links/tokens.server.ts";
import { photoConsentOf, photosForCustomer, recordPhotoConsent } from "../photos/customer-photos.server.ts";
import { photoAlt } from "../photos/job-photos.ts";
import { jobDoneState } from "../reviews/reviews.server.ts";

/** A job is done once the owner pressed Job done (its review was asked for). */
export const jobIsDone = (store: Db, leadId: number) => jobDoneState(store, leadId)?.state === "asked";

/** What the customer's page shows of the photos: each with its addresses, and the question once the job is done. */
export function customerPhotos(store: Db, leadId: number, path: string) {
  const photos = photosForCustomer(store, leadId).map((photo, i) => ({
    id: photo.id,
    caption: photo.caption,
    alt: photoAlt(photo, i + 1),
    takenAt: photo.takenAt,
    thumb: { src: `${path}/photos/${photo.id}/thumb`, width: photo.thumbWidth, height: photo.thumbHeight },
    large: { src: `${path}/photos/${photo.id}/large`, width: photo.width, height: photo.height },
  }));
  return { photos, consent: jobIsDone(store, leadId) ? { answer: photoConsentOf(store, leadId) } : null };
}

export type CustomerPhotos = ReturnType<typeof customerPhotos>;

/** What a refused answer says on the customer's page, at the question. */
const consentRefusal = (error = "") => ({ quoteId: 0, field: "photo-consent", error });

export const photosConsent = defineAction({
  name: "photos.consent",
  side: "customer",
  intent: "photo-consent",
  find: ({ params, store }) => {
    const link = checkCustomerLink(store, params.token ?? "");
    if (link.state !== "open") refuse(consentRefusal(), CLOSED_LINK_STATUS[link.state]);
    return link.leadId;
  },
  schema: z.object({ answer: z.pipe(text(), z.enum(["yes", "no"], "Choose Yes or No.")) }),
  refused: (errors) => consentRefusal(errors.answer ?? errors.intent ?? "Choose Yes or No."),
  apply: ({ answer: said }, { store, target: leadId, url, now }) => {
    if (!jobIsDone(store, leadId)) return answer(consentRefusal("We ask this once the job is done."), 409);
    if (!recordPhotoConsent(store, leadId, said, now)) return redirectTo(`${url.pathname}#photo-consent`);
    recordAudit(store, { actor: "the customer", action: said === "yes" ? "agreed to photos of the roof being shown on the website" : "said no to photos of the roof being shown on the website", leadId, now });
    return done(`${url.pathname}#photo-consent`);
  },
});

export const PHOTO_CUSTOMER_ACTIONS = [photosConsent];
