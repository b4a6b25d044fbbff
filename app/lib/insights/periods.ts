/** The periods Insights shows, and the figures it shows for each (for the page and its loader). */
export const PERIODS = {
  "7d": { days: 7, name: "Last 7 days" },
  "30d": { days: 30, name: "Last 30 days" },
  "90d": { days: 90, name: "Last 90 days" },
  // The last 12 calendar months, this one so far included, month by month.
  months: { days: 0, name: "By month" },
} as const;
export type PeriodKey = keyof typeof PERIODS;
export const DEFAULT_PERIOD: PeriodKey = "30d";

/** The period a query string asks for; anything unknown is the default. */
export function periodOf(value: string | null): PeriodKey {
  return value !== null && value in PERIODS ? (value as PeriodKey) : DEFAULT_PERIOD;
}

export interface Figures {
  views: number;
  visitors: number;
  requests: number;
  won: number;
  wonPence: number;
  /** Payments received (not removed) on the invoices of those requests, whenever received. */
  paidPence: number;
  /** Those requests whose survey the visitor booked online himself, whenever he booked it (moved or cancelled since included). */
  bookedOnline: number;
}
