/**
 * What an action kept in the phone's outbox does, in words (issue 36 §2): "Payment of £1,000.00 on
 * INV-2026-0004". The page writes the words of each form that can wait (`data-outbox-words`), with
 * the fields the owner fills in named in braces: `{amount}` as typed, `{£amount}` in pounds,
 * `{@date}` a date as a day ("Sun 29 Nov"). The phone fills them in when he presses the button.
 */
import { formatPounds, parsePence } from "../quotes/money.ts";

/** The form's attribute that holds its words. */
export const WORDS_ATTRIBUTE = "data-outbox-words";
/** The form's attribute that marks what reaches a customer: asked again after 24 hours waiting. */
export const REACHES_CUSTOMER_ATTRIBUTE = "data-reaches-customer";

function day(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(new Date(`${date}T12:00:00Z`)).replace(",", "");
}

/** The words with the fields filled in; a field not filled in reads as nothing. */
export function fillWords(template: string, fields: readonly (readonly [string, string])[]): string {
  const first = (name: string) => fields.find(([field]) => field === name)?.[1].trim() ?? "";
  return template
    .replace(/\{([£@]?)([\w-]+)\}/g, (_, how: string, name: string) => {
      const value = first(name);
      if (how === "£") {
        const pence = parsePence(value);
        return pence === undefined ? value : formatPounds(pence);
      }
      return how === "@" ? day(value) : value;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** "Margaret Hill" → "Margaret": how the owner names a customer in a sentence. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** Shown before Yes with no signal, on a page whose form reaches a customer. */
export function noSignalWords(what: string, name: string): string {
  return `You have no signal. ${what} will be sent to ${firstNameOf(name)} when you have.`;
}

/** The attributes of a form that can wait on the phone: its words, and whether it reaches a customer. */
export function outboxAttributes(words: string, reachesCustomer = false): Record<string, string> {
  return reachesCustomer ? { [WORDS_ATTRIBUTE]: words, [REACHES_CUSTOMER_ATTRIBUTE]: "" } : { [WORDS_ATTRIBUTE]: words };
}
