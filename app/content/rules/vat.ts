/**
 * The one rule for a UK VAT registration number, used by the facts form and by the content schema:
 * `GB` and 9 digits, or 12 (9 and a 3-digit branch), passing HMRC's check-digit test, so a number
 * mistyped by one digit is caught at its field rather than printed on a quote or an invoice.
 *
 * HMRC's test weighs the first 7 digits by 8, 7, 6, 5, 4, 3 and 2 and adds the last 2 as a
 * number: the older numbers make a multiple of 97 ("modulus 97"), those issued since 2010 do
 * after adding 55 ("modulus 9755"). A branch's 3 digits are not checked.
 */

/** A VAT number as stored: "GB" and 9 digits, or 12 for a branch. */
export const WRITTEN = /^GB(\d{9})(\d{3})?$/;

/** What the owner is told at a VAT number not written as one. */
export const VAT_NUMBER_MESSAGE = "must be a UK VAT number such as GB123456789: GB and 9 digits";

/** What the owner is told at a VAT number written as one that fails HMRC's check: a digit is wrong. */
export const VAT_CHECK_MESSAGE = "is not a VAT number HMRC gives: check each digit against your VAT certificate";
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2];

/** " gb 123 4567 89 " → "GB123456789": the number as HMRC prints it, however it was typed. */
export function vatNumberAsPrinted(typed: string): string {
  return typed.replace(/\s+/g, "").toUpperCase();
}

/** Whether the 9 digits pass either of HMRC's check-digit schemes. */
function passesCheck(digits: string): boolean {
  if (/^0+$/.test(digits)) return false;
  const weighted = WEIGHTS.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0) + Number(digits.slice(7));
  return weighted % 97 === 0 || (weighted + 55) % 97 === 0;
}

/** Whether `number` is a UK VAT number as stored: "GB" and 9 or 12 digits, its first 9 passing HMRC's check. */
export function isValidVatNumber(number: string): boolean {
  const match = WRITTEN.exec(number);
  return match !== null && passesCheck(match[1]!);
}
