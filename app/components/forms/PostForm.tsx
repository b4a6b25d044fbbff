import type { FormHTMLAttributes } from "react";
import { makeOnceKey, ONCE_FIELD } from "~/lib/actions/once-key.ts";

/**
 * The once-only key of a form that changes something (decision 28): 128 random bits made as the
 * page is rendered. The same key posted again (a second Yes, a reload, a phone sending again) gets
 * the first answer and changes nothing.
 */
export function OnceKey() {
  return <input type="hidden" name={ONCE_FIELD} value={makeOnceKey()} />;
}

/** A form that posts a change: every owner and customer form is one, so none goes without its key. */
export function PostForm({ children, ...form }: Omit<FormHTMLAttributes<HTMLFormElement>, "method">) {
  return (
    <form method="post" {...form}>
      <OnceKey />
      {children}
    </form>
  );
}
