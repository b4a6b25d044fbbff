/**
 * The one rule for the business's phone numbers, used by the owner's facts form and by the
 * content schema (so a number typed at /admin/site and one written in business.json are held to
 * the same): digits, spaces, hyphens and brackets, with an optional leading `+`, that make a
 * number a phone can dial. Anything else, markup included, is refused.
 *
 * The chat number follows the phone unless the facts hold a different one: `chatNumberOf` is how
 * every reader gets the number the chat app opens.
 */

/** What the owner is told at a phone field that breaks the rule. */
export const PHONE_EXAMPLE = "Enter a phone number such as 01438 555123";

/** A number in international form for tel: links: "+447700900123". */
export const INTERNATIONAL = /^\+[1-9]\d{6,14}$/;

/** The chat app's form of a number: international, digits only, "447700900123". */
export const CHAT_DIGITS = /^[1-9]\d{6,14}$/;

const WRITTEN = /^\+?[\d ()-]+$/;
/** Long enough for any number written with spaces and brackets; no longer. */
const MAX_LENGTH = 25;

/** "01438 555123" → "+441438555123": a UK number written as it is read, in international form. */
export function internationalNumber(typed: string): string {
  const digits = typed.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return digits;
  if (digits.startsWith("00")) return `+${digits.slice(2)}`;
  if (digits.startsWith("0")) return `+44${digits.slice(1)}`;
  return digits;
}

/**
 * Whether `typed` is a phone number as the rule has it: only digits, spaces, hyphens, brackets
 * and a leading `+`, and a number that dials (its international form 7 to 15 digits).
 */
export function isPhoneNumber(typed: string): boolean {
  return typed.length <= MAX_LENGTH && WRITTEN.test(typed) && INTERNATIONAL.test(internationalNumber(typed));
}

/** The two facts the chat number is read from, as the content schema holds them (a rule knows fields, not the schema). */
export interface ChatFacts {
  phone: { e164: string };
  chatNumber?: string | undefined;
}

/** The number the chat app opens: the facts' own chat number, else the phone's. */
export function chatNumberOf(business: ChatFacts): string {
  return business.chatNumber ?? business.phone.e164.slice(1);
}
