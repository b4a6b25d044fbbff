/**
 * One finding of the survey report's form: its words, the photos that show it (checkboxes drawn
 * as thumbnails: a tap ticks one, no script needed), its place as a number, and Move up and Move
 * down, which redraw the form with the finding moved.
 */
import { photoAlt, type Stage } from "~/lib/photos/job-photos.ts";
import { FINDING_MAX, findingField, type FindingValues } from "~/lib/photos/survey-report.ts";

export interface ReportPhoto {
  id: string;
  stage: Stage;
  caption: string;
  thumbWidth: number;
  thumbHeight: number;
}

const fieldId = (name: string) => `report-${name}`;

function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={`${fieldId(name)}-error`} className="field-error">
      {error}
    </p>
  ) : null;
}

export function ReportFinding({ i, count, finding, photos, errors }: { i: number; count: number; finding: FindingValues; photos: ReportPhoto[]; errors: Partial<Record<string, string>> }) {
  const words = findingField(i, "words");
  const ticked = findingField(i, "photos");
  const order = findingField(i, "order");
  return (
    <fieldset className="card space-y-3" aria-describedby={errors[ticked] ? `${fieldId(ticked)}-error` : undefined}>
      <legend className="px-1 text-lg font-semibold">Finding {i + 1}</legend>
      <div>
        <label htmlFor={fieldId(words)} className="field-label">
          What you found
        </label>
        <textarea
          id={fieldId(words)}
          name={words}
          rows={2}
          maxLength={FINDING_MAX}
          defaultValue={finding.words}
          className="field"
          aria-invalid={errors[words] ? true : undefined}
          aria-describedby={errors[words] ? `${fieldId(words)}-error` : undefined}
        />
        <FieldError name={words} error={errors[words]} />
      </div>
      <div id={fieldId(ticked)} className="space-y-1">
        <p className="field-label">The photos that show it</p>
        <FieldError name={ticked} error={errors[ticked]} />
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {photos.map((photo, n) => (
            <li key={photo.id}>
              <label className="relative block cursor-pointer rounded-lg has-[:checked]:ring-4 has-[:checked]:ring-accent has-[:focus-visible]:outline has-[:focus-visible]:outline-2">
                <input type="checkbox" name={ticked} value={photo.id} defaultChecked={finding.photos.includes(photo.id)} className="absolute top-1 left-1 size-6 accent-accent" />
                <img src={`/admin/job-photos/${photo.id}/thumb`} width={photo.thumbWidth} height={photo.thumbHeight} loading="lazy" decoding="async" alt={photoAlt(photo, n + 1)} className="aspect-square min-h-11 w-full rounded-lg object-cover" />
              </label>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={fieldId(order)} className="field-label">
            Place
          </label>
          <input
            id={fieldId(order)}
            name={order}
            type="text"
            inputMode="numeric"
            defaultValue={finding.order}
            className="field w-20"
            aria-invalid={errors[order] ? true : undefined}
            aria-describedby={errors[order] ? `${fieldId(order)}-error` : undefined}
          />
        </div>
        {i > 0 && (
          <button type="submit" name="move" value={`up-${i}`} className="btn-secondary" aria-label={`Move finding ${i + 1} up`}>
            Move up
          </button>
        )}
        {i < count - 1 && (
          <button type="submit" name="move" value={`down-${i}`} className="btn-secondary" aria-label={`Move finding ${i + 1} down`}>
            Move down
          </button>
        )}
      </div>
      <FieldError name={order} error={errors[order]} />
    </fieldset>
  );
}

export const reportFieldId = fieldId;
