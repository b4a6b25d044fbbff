/** A request's details and its photos, as the owner's request page shows them. */
import { CardSection, type Fold } from "~/components/CardSection.tsx";
import { Unbroken } from "~/components/Unbroken.tsx";
import { NO_CONSENT } from "~/lib/photos/job-photos.ts";
import { referenceOf } from "~/lib/forms/reference.ts";
import { ACK_STATE_NAMES } from "~/lib/requests/ack-states.ts";
import { answeredPing } from "~/lib/requests/clock.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

/** A search for the place on Google Maps: on a phone it opens the Maps app. */
export function mapsLink(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}

interface DetailsOf {
  id: number;
  form: string;
  page: string;
  phone: string;
  email: string;
  location: string;
  createdAt: string;
  delivery: "pending" | "sent" | "none";
  attempts: number;
  lastError: string | null;
  ack: keyof typeof ACK_STATE_NAMES;
  ackAt: string | null;
}

/** How to reach the customer and where the request came from; a tap on the phone or e-mail counts as an answer. */
export function RequestDetails({ lead, links, self, origin }: { lead: DetailsOf; links: { call: string; email: string }; self: string; origin: string }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold">Phone</dt>
      <dd>
        <a href={links.call} ping={answeredPing(self, lead.id, "call")} className="link">
          {lead.phone}
        </a>
      </dd>
      <dt className="font-semibold">E-mail</dt>
      <dd className="break-all">
        <a href={links.email} ping={answeredPing(self, lead.id, "email")} className="link">
          {lead.email}
        </a>
      </dd>
      <dt className="font-semibold">{lead.form === "quote" ? "Address" : "Postcode"}</dt>
      <dd>
        {lead.location ? (
          // On a phone the Maps app opens it.
          <a href={mapsLink(lead.location)} className="link break-words" target="_blank" rel="noopener noreferrer">
            {lead.location}
            <span className="sr-only"> (opens the map)</span>
          </a>
        ) : (
          "Not given"
        )}
      </dd>
      <dt className="font-semibold">Sent from</dt>
      <dd>
        {lead.form === "quote" ? "Quote form" : "Contact form"} on the <a href={lead.page} className="link">{origin}</a>
      </dd>
      <dt className="font-semibold">Received</dt>
      <dd>{exactTime(lead.createdAt)}</dd>
      <dt className="font-semibold">E-mail to you</dt>
      <dd>
        {lead.delivery === "sent" ? "Sent" : lead.delivery === "none" ? "Not set up on this server" : `Not sent yet (${lead.attempts} ${lead.attempts === 1 ? "try" : "tries"}${lead.lastError ? `: ${lead.lastError}` : ""})`}
      </dd>
      <dt className="font-semibold">Reference</dt>
      <dd>
        <Unbroken text={referenceOf(lead.id)} />
      </dd>
      <dt className="font-semibold">Acknowledgement to the visitor</dt>
      <dd>
        {ACK_STATE_NAMES[lead.ack]}
        {lead.ack === "sent" && lead.ackAt && ` on ${exactTime(lead.ackAt)}`}
      </dd>
    </dl>
  );
}

/** The photos sent with a request; a won job's photo can start a project in the gallery, once the customer said Yes on their page. */
export function RequestPhotos({ lead, consent, photos, fold }: { lead: { id: number; status: string }; consent: boolean; photos: { id: string; thumb: { width: number; height: number } }[]; fold?: Fold }) {
  if (photos.length === 0) return null;
  return (
    <CardSection title="Photos" id="photos-heading" fold={fold}>
      {lead.status === "won" && !consent && <p>{NO_CONSENT}</p>}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            {/* The thumbnail is small for the owner's phone; tapping it opens the whole picture. */}
            <a href={`/admin/photos/${photo.id}`} className="block rounded-lg">
              <img
                src={`/admin/photos/${photo.id}?size=thumb`}
                width={photo.thumb.width}
                height={photo.thumb.height}
                loading="lazy"
                decoding="async"
                alt={`Photo ${i + 1} of ${photos.length} sent with the request`}
                className="aspect-square w-full rounded-lg object-cover"
              />
            </a>
            {/* A won job's photo can show the next customer the work: copied only when asked. */}
            {lead.status === "won" && consent && (
              <PostForm action="/admin/site/gallery" className="mt-2">
                <input type="hidden" name="intent" value="from-request" />
                <input type="hidden" name="lead" value={lead.id} />
                <input type="hidden" name="photo" value={photo.id} />
                <button type="submit" className="btn-secondary w-full" aria-label={`Add to gallery: photo ${i + 1}`}>
                  Add to gallery
                </button>
              </PostForm>
            )}
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
