/**
 * A request's Photos of the job (issue 37 §1): Add photos, a multipart form that works without
 * JavaScript (one tap opens the camera or the library), with the Stage and the optional Caption
 * of the photos added; then the photos by stage as a grid of thumbnails, each opening large, each
 * with its own stage and caption to change and a Delete that asks first.
 */
import { PostForm } from "~/components/forms/PostForm.tsx";
import { CardSection, type Fold } from "~/components/CardSection.tsx";
import { CAPTION_MAX, MAX_JOB_PHOTO_MB, MAX_JOB_PHOTOS, PHOTO_DELETE_CONFIRMED, photoAlt, STAGE_NAMES, STAGES, type Stage } from "~/lib/photos/job-photos.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { OwnerForm } from "./OwnerForm.tsx";
import { AskFirst, SecondYes } from "./SecondYes.tsx";

export interface JobPhotoItem {
  id: string;
  stage: Stage;
  caption: string;
  takenAt: string;
  timeFromCamera: boolean;
  thumbWidth: number;
  thumbHeight: number;
  /** Whether the customer's page shows it (Show to customer). */
  shown: boolean;
}

interface Props {
  leadId: number;
  photos: JobPhotoItem[];
  stage: Stage;
  /** The messages at the form's fields: a refused upload's, or the photos an upload left out. */
  errors: Partial<Record<"photos" | "stage" | "caption", string[]>>;
  caption?: string;
  /** A photo's own form refused: the message at its caption, by `photo-<id>`. */
  photoErrors?: Readonly<Record<string, string | undefined>>;
  /** The photo whose Delete asks its question now. */
  asking: string | null;
  fold: Fold;
}

const PHOTO_HINT = `Up to ${MAX_JOB_PHOTOS} at a time, ${MAX_JOB_PHOTO_MB} MB each: JPEG, PNG or WebP. The stage and caption go with every photo you add now; change a photo's own under it.`;

function FieldErrors({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <ul id={id} className="field-error space-y-1">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

export function JobPhotos({ leadId, photos, stage, errors, caption = "", photoErrors = {}, asking, fold }: Props) {
  const page = `/admin/requests/${leadId}`;
  return (
    <CardSection title="Photos of the job" id="job-photos" fold={fold}>
      <PostForm encType="multipart/form-data" className="space-y-4" data-job-photos="">
        <input type="hidden" name="intent" value="add-photos" />
        <div>
          <label htmlFor="job-photos-file" className="field-label">
            Choose photos, or take them
          </label>
          <p id="job-photos-hint" className="-mt-1 mb-1 text-sm text-muted">
            {PHOTO_HINT}
          </p>
          <input
            id="job-photos-file"
            type="file"
            name="photos"
            accept="image/*"
            multiple
            className="field"
            aria-invalid={errors.photos ? true : undefined}
            aria-describedby={errors.photos ? "job-photos-hint job-photos-error" : "job-photos-hint"}
          />
          <FieldErrors id="job-photos-error" messages={errors.photos} />
        </div>
        <fieldset aria-describedby={errors.stage ? "job-photos-stage-error" : undefined} className="space-y-1">
          <legend className="field-label">Stage</legend>
          <FieldErrors id="job-photos-stage-error" messages={errors.stage} />
          <div className="flex flex-wrap gap-x-4">
            {STAGES.map((value) => (
              <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 px-1">
                <input type="radio" name="stage" value={value} defaultChecked={value === stage} className="size-5 accent-accent" />
                {STAGE_NAMES[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="job-photos-caption" className="field-label">
            Caption (optional)
          </label>
          <input
            id="job-photos-caption"
            type="text"
            name="caption"
            maxLength={CAPTION_MAX}
            defaultValue={caption}
            className="field"
            aria-invalid={errors.caption ? true : undefined}
            aria-describedby={errors.caption ? "job-photos-caption-error" : undefined}
          />
          <FieldErrors id="job-photos-caption-error" messages={errors.caption} />
        </div>
        {/* The outbox holds no files (decision 34): with no signal, Add photos says so and keeps the choice. */}
        <p data-when-offline="" data-needs-signal-words="" hidden className="font-semibold">
          Photos wait until you have signal. The photos you chose stay here: press Add photos when you have signal.
        </p>
        <button type="submit" className="btn-primary">
          Add photos
        </button>
      </PostForm>

      {/* Read again by the page's script once its photos are added (enhance/job-photos.ts). */}
      <div data-job-photos-shown="" className="space-y-4">
      {photos.length === 0 ? (
        <p className="text-muted">No photos of the job yet. Those you take on the roof are kept here, by stage.</p>
      ) : (
        STAGES.map((value) => {
          const ofStage = photos.filter((photo) => photo.stage === value);
          if (ofStage.length === 0) return null;
          return (
            <section key={value} aria-labelledby={`job-photos-${value}`} className="space-y-2">
              <h3 id={`job-photos-${value}`} className="text-lg">
                {STAGE_NAMES[value]} ({ofStage.length})
              </h3>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {ofStage.map((photo, i) => (
                  <li key={photo.id} className="space-y-1">
                    <a href={`/admin/job-photos/${photo.id}/large`} className="block rounded-lg">
                      <img
                        src={`/admin/job-photos/${photo.id}/thumb`}
                        width={photo.thumbWidth}
                        height={photo.thumbHeight}
                        loading="lazy"
                        decoding="async"
                        alt={photoAlt(photo, i + 1)}
                        className="aspect-square min-h-11 w-full rounded-lg object-cover"
                      />
                    </a>
                    {photo.caption && <p className="break-words">{photo.caption}</p>}
                    <p className="text-sm text-muted">
                      {photo.shown ? "Shown to the customer. " : ""}
                      {photo.timeFromCamera ? "Taken" : "Added"} <time dateTime={photo.takenAt}>{exactTime(photo.takenAt)}</time>
                    </p>
                    <PhotoDetails photo={photo} error={photoErrors[`photo-${photo.id}`]} />
                    {asking === photo.id ? (
                      <SecondYes
                        intent="delete-photo"
                        hidden={{ photo: photo.id, [PHOTO_DELETE_CONFIRMED.name]: PHOTO_DELETE_CONFIRMED.value }}
                        question={<p className="font-semibold">Delete this photo? This cannot be undone.</p>}
                        yes="Delete photo"
                        keep={{ href: `${page}#job-photos`, label: "Keep it" }}
                      />
                    ) : (
                      <AskFirst action={`${page}#job-photos`} name="delete-photo" value={photo.id} label={`Delete ${photoAlt(photo, i + 1)}`} button="Delete" />
                    )}
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
      </div>
    </CardSection>
  );
}

/** One photo's stage and caption, changed under it (folded: the grid stays a grid). */
function PhotoDetails({ photo, error }: { photo: JobPhotoItem; error?: string }) {
  const caption = `job-photo-${photo.id}-caption`;
  return (
    <details open={Boolean(error)}>
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">Stage, caption, customer</summary>
      <OwnerForm intent="save-photo" hidden={{ photo: photo.id }} className="space-y-2">
        <fieldset>
          <legend className="sr-only">Stage</legend>
          {STAGES.map((value) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2">
              <input type="radio" name="stage" value={value} defaultChecked={value === photo.stage} className="size-5 accent-accent" />
              {STAGE_NAMES[value]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={caption} className="field-label">
          Caption
        </label>
        <input id={caption} type="text" name="caption" maxLength={CAPTION_MAX} defaultValue={photo.caption} className="field" aria-invalid={error ? true : undefined} aria-describedby={error ? `${caption}-error` : undefined} />
        {error && (
          <p id={`${caption}-error`} className="field-error">
            {error}
          </p>
        )}
        <input type="hidden" name="shown-set" value="1" />
        <label className="flex min-h-11 cursor-pointer items-center gap-2">
          <input type="checkbox" name="shown" defaultChecked={photo.shown} className="size-5 accent-accent" />
          Show to customer
        </label>
        <button type="submit" className="btn-secondary">
          Save
        </button>
      </OwnerForm>
    </details>
  );
}
