/**
 * The once-only key every owner and customer form carries (decision 28): 128 random bits made
 * when the page is rendered, posted in the hidden field `once`. The dispatcher applies a key once;
 * the same key again gets the first answer.
 */

/** The hidden field's name. */
export const ONCE_FIELD = "once";

/** 16 random bytes, written as 22 characters of base64url. */
export function makeOnceKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** A posted key as the dispatcher takes it: 22 characters of base64url, else none. */
export function onceKeyOf(value: FormDataEntryValue | null): string | undefined {
  return typeof value === "string" && /^[A-Za-z0-9_-]{22}$/.test(value) ? value : undefined;
}
