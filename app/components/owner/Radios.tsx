import type { ReactNode } from "react";

/**
 * A question answered by one of a few radio buttons (GOV.UK's pattern): the legend asks it, the
 * message of a wrong answer sits under the legend and describes the group. `after` puts a field
 * beside an option (Deposit's per cent).
 */
export function Radios({
  form,
  name,
  legend,
  options,
  checked,
  error,
  after = {},
}: {
  form: string;
  name: string;
  legend: string;
  options: readonly { value: string; label: string; hint?: string }[];
  checked?: string;
  error?: string;
  after?: Partial<Record<string, ReactNode>>;
}) {
  const errorId = `${form}-${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="field-label">{legend}</legend>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {options.map((option) => (
        <div key={option.value} className="space-y-2">
          <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 hover:bg-paper">
            <input type="radio" name={name} value={option.value} defaultChecked={option.value === checked} className="mt-1 size-5 shrink-0 accent-accent" />
            <span>
              <span className="font-semibold">{option.label}</span>
              {option.hint && <span className="block text-sm text-muted">{option.hint}</span>}
            </span>
          </label>
          {after[option.value] && <div className="pl-10">{after[option.value]}</div>}
        </div>
      ))}
    </fieldset>
  );
}
