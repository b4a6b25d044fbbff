/**
 * Put in the gallery on a request's page (issue 37 §4): the customer's answer to showing photos of
 * their roof, and on a done job whose customer said Yes, a form that makes a gallery project of one
 * Before and one After (or After alone), each with its alt text, under a title from the service and
 * town, with the job's published review if any. Without the Yes it says why it is not offered.
 */
import { CardSection } from "~/components/CardSection.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { NO_CONSENT } from "~/lib/photos/job-photos.ts";
import { exactTime } from "~/lib/time/ago.ts";

interface Choice {
  id: string;
  caption: string;
  thumbWidth: number;
  thumbHeight: number;
}

export interface JobToGalleryProps {
  offer: "offered" | "no-consent" | "not-done";
  consent: { answer: "yes" | "no"; answeredAt: string } | null;
  before: Choice[];
  after: Choice[];
  start: { title: string; town: string };
  towns: { slug: string; name: string }[];
  review?: { text: string; name: string };
  errors: Readonly<Record<string, string | undefined>>;
  values: Readonly<Record<string, string>>;
  saved: string | null;
}

const SAVED: Record<string, string> = {
  "gallery-published": "The project is live in the gallery.",
  "gallery-drafted": "The project is in the site's draft, with the changes already waiting: publish them on Your site.",
  "gallery-not-published": "The project is in the site's draft but was not published: publish it on Your site.",
};

function Error({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

function PhotoChoice({ name, photo, label, checked, altValue, altError }: { name: string; photo: Choice | null; label: string; checked: boolean; altValue?: string; altError?: string }) {
  return (
    <li className="space-y-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input type="radio" name={name} value={photo?.id ?? ""} defaultChecked={checked} className="size-5 accent-accent" />
        {photo && <img src={`/admin/job-photos/${photo.id}/thumb`} width={photo.thumbWidth} height={photo.thumbHeight} loading="lazy" decoding="async" alt="" className="size-16 rounded object-cover" />}
        {label}
      </label>
      {photo && (
        <div>
          <label htmlFor={`alt-${photo.id}`} className="field-label">
            What it shows (alt text)
          </label>
          <input
            id={`alt-${photo.id}`}
            type="text"
            name={`alt-${photo.id}`}
            defaultValue={altValue ?? photo.caption}
            className="field"
            aria-invalid={altError ? true : undefined}
            aria-describedby={altError ? `alt-${photo.id}-error` : undefined}
          />
          <Error id={`alt-${photo.id}-error`} message={altError} />
        </div>
      )}
    </li>
  );
}

export function JobToGallery({ offer, consent, before, after, start, towns, review, errors, values, saved }: JobToGalleryProps) {
  const value = (name: string, fallback: string) => values[name] ?? fallback;
  // Nothing to say until the job is done or the customer has answered.
  if (offer === "not-done" && !consent) return null;
  return (
    <CardSection id="to-gallery" title="Put in the gallery" fold={{ open: Boolean(saved?.startsWith("gallery") || Object.keys(errors).some((key) => key.startsWith("gallery"))), summary: consent ? `Customer said ${consent.answer === "yes" ? "Yes" : "No"}` : undefined }}>
      <p>
        {consent ? (
          <>
            Photos on the website: the customer said <strong>{consent.answer === "yes" ? "Yes" : "No"}</strong> on <time dateTime={consent.answeredAt}>{exactTime(consent.answeredAt)}</time>.
          </>
        ) : (
          "Photos on the website: the customer has not answered yet. Their page asks them now the job is done."
        )}
      </p>
      {saved && SAVED[saved] && <p role="status">{SAVED[saved]}</p>}
      <Error id="gallery-error" message={errors.gallery} />
      {offer === "no-consent" && <p>{NO_CONSENT}</p>}
      {offer === "offered" && after.length === 0 && <p>Add an After photo of the finished job first.</p>}
      {offer === "offered" && after.length > 0 && (
        <PostForm className="space-y-4">
          <input type="hidden" name="intent" value="to-gallery" />
          <fieldset className="space-y-2" aria-describedby={errors["gallery-before"] ? "gallery-before-error" : undefined}>
            <legend className="field-label">Before</legend>
            <Error id="gallery-before-error" message={errors["gallery-before"]} />
            <ul className="space-y-3">
              <PhotoChoice name="before" photo={null} label="No Before photo" checked={value("before", before[0]?.id ?? "") === ""} />
              {before.map((photo, i) => (
                <PhotoChoice key={photo.id} name="before" photo={photo} label={`Before photo ${i + 1}`} checked={value("before", before[0]?.id ?? "") === photo.id} altValue={values[`alt-${photo.id}`]} altError={errors[`gallery-alt-${photo.id}`]} />
              ))}
            </ul>
          </fieldset>
          <fieldset className="space-y-2" aria-describedby={errors["gallery-after"] ? "gallery-after-error" : undefined}>
            <legend className="field-label">After</legend>
            <Error id="gallery-after-error" message={errors["gallery-after"]} />
            <ul className="space-y-3">
              {after.map((photo, i) => (
                <PhotoChoice key={photo.id} name="after" photo={photo} label={`After photo ${i + 1}`} checked={value("after", after.at(-1)!.id) === photo.id} altValue={values[`alt-${photo.id}`]} altError={errors[`gallery-alt-${photo.id}`]} />
              ))}
            </ul>
          </fieldset>
          <div>
            <label htmlFor="gallery-title" className="field-label">
              Title
            </label>
            <input id="gallery-title" type="text" name="title" defaultValue={value("title", start.title)} className="field" aria-invalid={errors["gallery-title"] ? true : undefined} aria-describedby={errors["gallery-title"] ? "gallery-title-error" : undefined} />
            <Error id="gallery-title-error" message={errors["gallery-title"]} />
          </div>
          <div>
            <label htmlFor="gallery-town" className="field-label">
              Town
            </label>
            <select id="gallery-town" name="town" defaultValue={value("town", start.town)} className="field" aria-invalid={errors["gallery-town"] ? true : undefined} aria-describedby={errors["gallery-town"] ? "gallery-town-error" : undefined}>
              <option value="">Choose the town</option>
              {towns.map((town) => (
                <option key={town.slug} value={town.slug}>
                  {town.name}
                </option>
              ))}
            </select>
            <Error id="gallery-town-error" message={errors["gallery-town"]} />
          </div>
          {review && (
            <label className="flex min-h-11 cursor-pointer items-center gap-2">
              <input type="checkbox" name="review" defaultChecked className="size-5 accent-accent" />
              With their published review: “{review.text.length > 80 ? `${review.text.slice(0, 80)}…` : review.text}” {review.name}
            </label>
          )}
          <p className="text-sm text-muted">The photos are copied with nothing of the camera left and named by the project. When no other change waits in the site&apos;s draft, this publishes the project at once.</p>
          <button type="submit" className="btn-primary">
            Put in the gallery
          </button>
        </PostForm>
      )}
    </CardSection>
  );
}
