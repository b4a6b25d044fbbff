/**
 * Text as a person types it, and nothing that a forged post or a paste hides in it: the control
 * characters of C0 (but the line feed), DEL and C1 are dropped without a word, since no one can
 * see what they would be told to remove; a tab is a space, and a line break of any kind (CR LF,
 * a lone CR) is one line feed. Every posted form is read through `plainText` (`readForm`), so no
 * field of any form can keep a control character; a field of one line (a name, an e-mail address)
 * also turns its line breaks into spaces, with `oneLineField` in its schema.
 */
import * as z from "zod/mini";

/** The control characters (C0, DEL and C1: Unicode's Cc) other than the line feed. */
const CONTROLS = /(?!\n)\p{Cc}/gu;

/** The text with line feeds as its only control characters. */
export function plainText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(/\t/g, " ").replace(CONTROLS, "");
}

/** The text on one line: `plainText`, its line breaks made spaces. */
export function plainLine(value: string): string {
  return plainText(value).replace(/\n+/g, " ");
}

/** The check a schema's one-line text field starts with: the field read as `plainLine`. */
export const oneLineField = () => z.overwrite(plainLine);

/** The check a schema's text field of many lines (a message) starts with: the field read as `plainText`. */
export const linesField = () => z.overwrite(plainText);
