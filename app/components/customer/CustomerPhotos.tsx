import { CardSection } from "~/components/CardSection.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";
import type { CustomerPhotos as Photos } from "~/lib/customer/photos.server.ts";
import { CONSENT_QUESTION } from "~/lib/photos/job-photos.ts";
import { dayAndTime } from "~/lib/time/words.ts";

/**
 * Photos of your roof on the customer's page (issue 37 §3): those the owner shows them, in the
 * order taken, each with its caption, at the size the screen needs and opening large, with no
 * script. Once the job is done, the question whether we may show them on our website (§4), with
 * their answer and the other one to change it to.
 */
export function CustomerPhotos({ photos, consent, error }: Photos & { error?: string }) {
  return (
    <>
      {photos.length > 0 && (
        <CardSection id="roof-photos-heading" title="Photos of your roof">
          <ul className="grid gap-4 sm:grid-cols-2">
            {photos.map((photo) => (
              <li key={photo.id} className="space-y-1">
                <a href={photo.large.src} className="block rounded-lg">
                  <img
                    src={photo.thumb.src}
                    srcSet={`${photo.thumb.src} ${photo.thumb.width}w, ${photo.large.src} ${photo.large.width}w`}
                    sizes="(min-width: 640px) 22rem, 100vw"
                    width={photo.thumb.width}
                    height={photo.thumb.height}
                    loading="lazy"
                    decoding="async"
                    alt={photo.alt}
                    className="h-auto w-full rounded-lg"
                  />
                </a>
                {photo.caption && <p className="break-words">{photo.caption}</p>}
                <p className="text-sm text-muted">
                  <time dateTime={photo.takenAt}>{dayAndTime(photo.takenAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        </CardSection>
      )}
      {consent && (
        <CardSection id="photo-consent" title="Photos on our website">
          <p>{CONSENT_QUESTION}</p>
          {consent.answer && (
            <p>
              You said <strong>{consent.answer.answer === "yes" ? "Yes" : "No"}</strong> on <time dateTime={consent.answer.answeredAt}>{dayAndTime(consent.answer.answeredAt)}</time>. You can change your answer at any time.
            </p>
          )}
          {error && (
            <p id="photo-consent-error" className="field-error">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            {(["yes", "no"] as const)
              .filter((value) => consent.answer?.answer !== value)
              .map((value) => (
                <PostForm key={value}>
                  <input type="hidden" name="intent" value="photo-consent" />
                  <input type="hidden" name="answer" value={value} />
                  <button type="submit" className={value === "yes" ? "btn-primary" : "btn-secondary"}>
                    {consent.answer ? (value === "yes" ? "Change to Yes" : "Change to No") : value === "yes" ? "Yes" : "No"}
                  </button>
                </PostForm>
              ))}
          </div>
        </CardSection>
      )}
    </>
  );
}
