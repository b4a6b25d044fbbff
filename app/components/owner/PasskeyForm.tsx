/**
 * A passkey button. With a script (app/enhance/passkey.ts) it runs the ceremony against
 * `endpoint`; without one the form posts to its own page, which says a passkey needs JavaScript.
 */
import type { ReactNode } from "react";
import { PostForm } from "~/components/forms/PostForm.tsx";

import { NEEDS_JAVASCRIPT } from "~/lib/owner/passkey-words.ts";

export { NEEDS_JAVASCRIPT };

export function PasskeyForm({
  endpoint,
  label,
  hidden = {},
  error,
  children,
}: {
  endpoint: "/admin/webauthn/registration" | "/admin/webauthn/authentication";
  label: string;
  hidden?: Record<string, string>;
  /** The page's answer to a post without JavaScript. */
  error?: string;
  /** Fields shown above the button. */
  children?: ReactNode;
}) {
  return (
    <PostForm data-passkey={endpoint} className="space-y-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className="btn-primary w-full sm:w-auto">
        {label}
      </button>
      <p data-passkey-status aria-live="polite" className={`min-h-6 font-semibold ${error ? "text-danger" : ""}`}>
        {error}
      </p>
      <noscript>
        <p>{NEEDS_JAVASCRIPT}</p>
      </noscript>
    </PostForm>
  );
}
