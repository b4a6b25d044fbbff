/**
 * The one rule for a name the site will publish: a review's "name as shown" and a testimonial's
 * name (issue 24 §2). Names as people write them: letters of any alphabet with their accents,
 * spaces, hyphens, apostrophes and full stops; 2 to 40 characters, starting with a letter. So
 * `Siân J.`, `Zoë K.`, `Ó Briain`, `Anne-Marie S.`, `Seán O’B.` and `Jo` are taken; digits, `@`,
 * web addresses, markup and control characters are not. Shared by the browser and the server, so
 * it imports nothing. The quote and contact forms do not use it: a name there is never published.
 */

export const NAME_MIN = 2;
export const NAME_MAX = 40;

/** Said under the field before anything is typed. */
export const NAME_HINT = "e.g. Sarah M., or just your first name";

/** What every refusal ends with: what is allowed. */
const ALLOWED = "Use letters, spaces, hyphens, apostrophes and full stops only, e.g. Sarah M. or Jo.";

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

/** Letters (with the marks some alphabets write them with), space, hyphen, apostrophes, full stop. */
const ALLOWED_CHARACTERS = /^[\p{L}\p{M} '’.\-‐]*$/u;
/** Characters no name has that cannot be seen: tabs, line breaks, zero-width and direction marks. */
const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
/** `www.…`, or letters, a full stop and letters with no space between: `example.com`, `kestrel.co.uk`. */
const WEB_ADDRESS = /(^|[\s'’.\-‐])www\.|\p{L}{2}\.\p{L}{2}|:\/\/|\/\//iu;
const MARKUP = /[<>&]/;

/** The name as it is stored and compared: NFC, the ends trimmed, each run of spaces one space. */
export function normaliseName(raw: string): string {
  return raw.normalize("NFC").replace(/\p{Zs}+/gu, " ").trim();
}

/** The name rule: the normalised name, or a message saying what is allowed. */
export function checkName(raw: string): NameCheck {
  const name = normaliseName(raw);
  const length = [...name].length;
  if (length === 0) return { ok: false, message: `Enter the name to show. ${ALLOWED}` };
  if (CONTROL.test(name)) return { ok: false, message: `The name has a hidden character in it, such as a tab or a line break. ${ALLOWED}` };
  if (/\p{N}/u.test(name)) return { ok: false, message: `A name cannot have digits in it. ${ALLOWED}` };
  if (name.includes("@")) return { ok: false, message: `A name cannot have an @ in it: this is not the place for an e-mail address. ${ALLOWED}` };
  if (WEB_ADDRESS.test(name)) return { ok: false, message: `A name cannot be a web address. ${ALLOWED}` };
  if (MARKUP.test(name)) return { ok: false, message: `A name cannot have <, > or & in it. ${ALLOWED}` };
  if (!ALLOWED_CHARACTERS.test(name)) return { ok: false, message: `The name has a character that is not allowed. ${ALLOWED}` };
  if (!/^\p{L}/u.test(name)) return { ok: false, message: `Start the name with a letter. ${ALLOWED}` };
  if (length < NAME_MIN) return { ok: false, message: `Use at least ${NAME_MIN} letters, e.g. Jo.` };
  if (length > NAME_MAX) return { ok: false, message: `Use at most ${NAME_MAX} characters: a first name and an initial is enough, e.g. Sarah M.` };
  return { ok: true, name };
}

const hasCase = (c: string) => c.toLowerCase() !== c.toUpperCase();

/**
 * The name as the site shows it. One typed all in lower case or all in upper case gets capitals,
 * each word and each part after a hyphen or full stop, and after the apostrophe of `O'` or `D'`:
 * `sarah m.` → `Sarah M.`, `anne-marie s.` → `Anne-Marie S.`, `SEÁN O'BRIEN` → `Seán O'Brien`.
 * One with its own capitals (`McDonald`, `de Souza`) is kept as written; so is a name in an
 * alphabet without capitals.
 */
export function displayName(raw: string): string {
  const name = normaliseName(raw);
  const cased = [...name].filter(hasCase);
  if (cased.length === 0) return name;
  const allLower = cased.every((c) => c === c.toLowerCase());
  const allUpper = cased.every((c) => c === c.toUpperCase());
  if (!allLower && !allUpper) return name;
  const chars = [...name.toLowerCase()];
  let out = "";
  chars.forEach((c, i) => {
    const before = chars[i - 1];
    const startsPart = before === undefined || /[ .\-‐]/.test(before);
    const afterOneLetter = before !== undefined && /['’]/.test(before) && isOneLetterPrefix(chars, i - 1);
    out += startsPart || afterOneLetter ? c.toUpperCase() : c;
  });
  return out;
}

/** Whether the apostrophe at `at` follows a single letter that starts its word: the O of O'Brien. */
function isOneLetterPrefix(chars: string[], at: number): boolean {
  const letter = chars[at - 1];
  const before = chars[at - 2];
  return letter !== undefined && /\p{L}/u.test(letter) && (before === undefined || /[ .\-‐]/.test(before));
}
