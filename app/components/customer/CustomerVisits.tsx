import { CardSection } from "~/components/CardSection.tsx";
import type { CustomerVisit } from "~/lib/customer/shown.ts";
import { REARRANGE_MAX } from "~/lib/visits/limits.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { AddToCalendar } from "~/components/customer/AddToCalendar.tsx";

/**
 * The customer's visits on their page (/c/{token}): each visit's kind, day and time in words, a
 * cancelled one marked so; for each booked one, Add to calendar (Google Calendar or its calendar
 * file) and Ask to rearrange, a form under it that opens without a script (details and summary);
 * for a survey they booked online, 24 hours or more away, Move and Cancel instead, each its own page.
 * Visits over or cancelled are folded under their count, after the ones to come.
 */
/** Why Ask to rearrange was refused, with what was typed. */
export interface RearrangeRefused {
  visitId: number;
  error: string;
  words: string;
}

export function CustomerVisits({ visits, path, location, asked, refused }: { visits: CustomerVisit[]; path: string; location: string; asked?: number | null; refused?: RearrangeRefused }) {
  if (visits.length === 0) return null;
  const coming = visits.filter((visit) => !visit.past && !visit.cancelled);
  const gone = visits.filter((visit) => visit.past || visit.cancelled);
  const item = (visit: CustomerVisit) => (
    <li key={visit.id} id={`visit-${visit.id}`} className="space-y-2">
      <p>
        <strong>{visit.what}</strong>: {visit.when}
        {visit.cancelled && " (cancelled)"}
      </p>
      {!visit.cancelled && !visit.past && (
        <>
          <AddToCalendar visit={visit} path={path} location={location} />
          {visit.mayChange ? (
            <MoveOrCancel visit={visit} path={path} />
          ) : asked === visit.id ? (
            <p role="status" className="font-semibold text-ok">
              Thank you: we have your message, and will be in touch to find another time.
            </p>
          ) : (
            <Rearrange visit={visit} refused={refused?.visitId === visit.id ? refused : undefined} />
          )}
        </>
      )}
    </li>
  );
  return (
    <CardSection id="visits-heading" title="Visits">
      {coming.length > 0 && <ul className="space-y-4">{coming.map(item)}</ul>}
      {gone.length > 0 && (
        <details>
          <summary className="min-h-11 cursor-pointer py-2 font-semibold">
            {gone.length === 1 ? "1 visit over or cancelled" : `${gone.length} visits over or cancelled`}
          </summary>
          <ul className="space-y-2 pt-2">{gone.map(item)}</ul>
        </details>
      )}
    </CardSection>
  );
}

/** Move and Cancel of a survey the customer booked online: the free times, and the question asked first, each on its own page. */
function MoveOrCancel({ visit, path }: { visit: CustomerVisit; path: string }) {
  const hidden = <span className="sr-only">: {visit.what.toLowerCase()}, {visit.when}</span>;
  return (
    <p className="flex flex-wrap gap-4">
      <a href={`${path}/visits/${visit.id}/move`} className="btn-secondary">
        Move{hidden}
      </a>
      <a href={`${path}/visits/${visit.id}/cancel`} className="btn-secondary">
        Cancel{hidden}
      </a>
    </p>
  );
}

/** Ask to rearrange: the customer's words to the owner about one visit; nothing in the diary changes. */
function Rearrange({ visit, refused }: { visit: CustomerVisit; refused?: RearrangeRefused }) {
  const id = `rearrange-${visit.id}`;
  return (
    <details open={Boolean(refused)} className="rounded-lg border border-slate-300 px-3 py-2">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">
        Ask to rearrange<span className="sr-only">: {visit.what.toLowerCase()}, {visit.when}</span>
      </summary>
      <PostForm className="space-y-2 pb-2">
        <input type="hidden" name="intent" value="rearrange" />
        <input type="hidden" name="visit" value={visit.id} />
        <label htmlFor={id} className="field-label">
          What would suit you better?
        </label>
        <textarea
          id={id}
          name="words"
          rows={3}
          maxLength={REARRANGE_MAX}
          required
          defaultValue={refused?.words}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? `${id}-error` : undefined}
          className="field"
        />
        {refused && (
          <p id={`${id}-error`} className="field-error">
            {refused.error}
          </p>
        )}
        <button type="submit" className="btn-primary">
          Send
        </button>
      </PostForm>
    </details>
  );
}
