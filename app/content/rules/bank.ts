/**
 * The rules for the bank details and terms an invoice carries, used by the facts form (which
 * reads them as people type them) and by the content schema (which holds them as stored): a sort
 * code is 6 digits kept as "12-34-56", an account number 8 digits, the payment terms whole days
 * from 0 to 120.
 */

/** A sort code as stored and shown. */
export const SORT_CODE = /^\d{2}-\d{2}-\d{2}$/;
/** An account number as stored: 8 digits. */
export const ACCOUNT_NUMBER = /^\d{8}$/;
/** The longest payment terms an invoice may give, in days. */
export const MAX_PAYMENT_TERMS_DAYS = 120;

/** Spaces and hyphens people put between groups of digits. */
const SEPARATORS = /[\s-]+/g;

/**
 * "12 34 56", "123456", "12-34-56" → "12-34-56": a sort code typed in any spacing, as it is kept
 * and shown; undefined when it is not 6 digits.
 */
export function formatSortCode(typed: string): string | undefined {
  const digits = typed.replace(SEPARATORS, "");
  return /^\d{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : undefined;
}

/** "3192 6819" → "31926819": an account number typed in any spacing; undefined when it is not 8 digits. */
export function formatAccountNumber(typed: string): string | undefined {
  const digits = typed.replace(SEPARATORS, "");
  return ACCOUNT_NUMBER.test(digits) ? digits : undefined;
}

/** "14" → 14: payment terms as typed, a whole number of days from 0 to 120; undefined otherwise. */
export function paymentTermsDays(typed: string): number | undefined {
  if (!/^\d{1,3}$/.test(typed.trim())) return undefined;
  const days = Number(typed.trim());
  return isPaymentTerms(days) ? days : undefined;
}

/** Whether `days` are payment terms an invoice may give: whole days, 0 to 120. */
export function isPaymentTerms(days: number): boolean {
  return Number.isInteger(days) && days >= 0 && days <= MAX_PAYMENT_TERMS_DAYS;
}
