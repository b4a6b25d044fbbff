import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";

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

/** A labelled input whose error sits under it, tied to it for screen readers. */
export function Field({ form, name, label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
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
      <input
        id={id.input}
        name={name}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      {error && (
        <p id={id.error} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextArea({ form, name, label, error, hint, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = ids(form, name);
  return (
    <div>
      <label htmlFor={id.input} className="field-label">
        {label}
      </label>
      <textarea
        id={id.input}
        name={name}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      {error && (
        <p id={id.error} className="field-error">
          {error}
        </p>
      )}
    </div>
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
