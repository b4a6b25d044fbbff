import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

interface Common {
  /** Prefix for ids, so two forms could share a page. */
  form: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

function ids(form: string, name: string) {
  return { input: `${form}-${name}`, error: `${form}-${name}-error`, hint: `${form}-${name}-hint` };
}

function describedBy(id: ReturnType<typeof ids>, error?: string, hint?: string) {
  return [hint ? id.hint : null, error ? id.error : null].filter(Boolean).join(" ") || undefined;
}

/** The label, optional hint and error that every field shares, tied to the control by id. */
function FieldShell({ form, name, label, error, hint, children }: Common & { children: (aria: AriaProps) => ReactNode }) {
  const id = ids(form, name);
  return (
    <div>
      <label htmlFor={id.input} className="field-label">
        {label}
      </label>
      {hint && (
        <p id={id.hint} className="-mt-1 mb-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {children({ id: id.input, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, error, hint) })}
      {error && (
        <p id={id.error} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface AriaProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A labelled input whose error sits under it, tied to it for screen readers. */
export function Field({ form, name, label, error, hint, type = "text", ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell form={form} name={name} label={label} error={error} hint={hint}>
      {(aria) => <input type={type} className="field" {...aria} {...input} />}
    </FieldShell>
  );
}

export function TextArea({ form, name, label, error, hint, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell form={form} name={name} label={label} error={error} hint={hint}>
      {(aria) => <textarea className="field" {...aria} {...input} />}
    </FieldShell>
  );
}

/** A field people never see. A bot that fills it is answered as if it succeeded. */
export function Honeypot() {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor="hp-website">Leave this field empty</label>
      <input id="hp-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** A labelled select; `options` are [value, label] pairs in order. */
export function Select({
  form,
  name,
  label,
  error,
  hint,
  options,
  ...select
}: Common & { options: readonly (readonly [string, string])[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell form={form} name={name} label={label} error={error} hint={hint}>
      {(aria) => (
        <select className="field" {...aria} {...select}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
