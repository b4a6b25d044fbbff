/**
 * The fields of the visit forms (routes/admin/visit-book.tsx, visit-move.tsx): the kind and the
 * reason as radio buttons, and each day's Date, From and To with the clash it makes, said as it is
 * rendered and, with JavaScript on, as the times are picked (enhance/visit-clash.ts).
 */
import { clashLine, type BookedTimes } from "~/lib/visits/clash.ts";
import { dayField, type DayValues } from "~/lib/visits/visit-form.ts";
import { KIND_NAMES, MOVE_REASONS, REASON_NAMES, VISIT_KINDS } from "~/lib/visits/words.ts";

type Errors = Partial<Record<string, string>>;

/** The id of a field's control on the page (the error summary links to it). */
export const visitFieldId = (field: string) => (field === "kind" ? "visit-kind-survey" : field === "reason" ? "visit-reason-weather" : `visit-${field}`);

function Message({ field, error }: { field: string; error?: string }) {
  return error ? (
    <p id={`visit-${field}-error`} className="field-error">
      {error}
    </p>
  ) : null;
}

/** Radio buttons, one a line, for a choice of a few. */
function Choice({ name, legend, options, value, error }: { name: string; legend: string; options: readonly (readonly [string, string])[]; value: string; error?: string }) {
  return (
    <fieldset aria-describedby={error ? `visit-${name}-error` : undefined} className="space-y-1">
      <legend className="field-label">{legend}</legend>
      <Message field={name} error={error} />
      {options.map(([option, words]) => (
        <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-paper">
          <input type="radio" id={`visit-${name}-${option}`} name={name} value={option} defaultChecked={value === option} className="size-5 shrink-0 accent-accent" />
          {words}
        </label>
      ))}
    </fieldset>
  );
}

export function KindChoice({ value, error }: { value: string; error?: string }) {
  return <Choice name="kind" legend="Kind" options={VISIT_KINDS.map((kind) => [kind, KIND_NAMES[kind]] as const)} value={value} error={error} />;
}

export function ReasonChoice({ value, words, errors }: { value: string; words: string; errors: Errors }) {
  return (
    <div className="space-y-3">
      <Choice name="reason" legend="Reason" options={MOVE_REASONS.map((reason) => [reason, REASON_NAMES[reason]] as const)} value={value} error={errors.reason} />
      <div>
        <label htmlFor="visit-words" className="field-label">
          Other reason, in your words (optional)
        </label>
        <p id="visit-words-hint" className="-mt-1 mb-1 text-sm text-muted">
          The customer reads it in the e-mail.
        </p>
        <input id="visit-words" type="text" name="words" defaultValue={words} maxLength={200} className="field" aria-describedby={errors.words ? "visit-words-hint visit-words-error" : "visit-words-hint"} aria-invalid={errors.words ? true : undefined} />
        <Message field="words" error={errors.words} />
      </div>
    </div>
  );
}

function TimeField({ index, part, label, type, value, error, min }: { index: number; part: keyof DayValues; label: string; type: "date" | "time"; value: string; error?: string; min?: string }) {
  const field = dayField(index, part);
  return (
    <div>
      <label htmlFor={`visit-${field}`} className="field-label">
        {label}
      </label>
      <input
        id={`visit-${field}`}
        type={type}
        name={part}
        defaultValue={value}
        min={min}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `visit-${field}-error` : undefined}
      />
      <Message field={field} error={error} />
    </div>
  );
}

/**
 * Each day's Date, From and To, with the clash it makes with a visit already booked. A day after
 * the first left wholly empty is no day (Add another day adds one; clearing it takes it back).
 */
export function VisitDays({ days, errors, booked, today, legend = "When" }: { days: DayValues[]; errors: Errors; booked: readonly BookedTimes[]; today: string; legend?: string }) {
  return (
    <>
      {days.map((day, i) => (
          <fieldset key={i} data-visit-day className="space-y-3">
            <legend className="field-label">{days.length > 1 ? `Day ${i + 1}` : legend}</legend>
            <TimeField index={i} part="date" label="Date" type="date" value={day.date} error={errors[dayField(i, "date")]} min={today} />
            <div className="grid grid-cols-2 gap-3">
              <TimeField index={i} part="from" label="From" type="time" value={day.from} error={errors[dayField(i, "from")]} />
              <TimeField index={i} part="to" label="To" type="time" value={day.to} error={errors[dayField(i, "to")]} />
            </div>
            <p role="status" data-clash className="font-semibold text-accent-dark">
              {clashLine(day, booked)}
            </p>
          </fieldset>
      ))}
    </>
  );
}
