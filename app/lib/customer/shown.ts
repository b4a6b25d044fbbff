/** What the customer's pages show, as their loaders hand it to their components. */
import type { ReviewField } from "../forms/review.ts";

/**
 * A visit as the customer's page will show it (issue 27 §1–4): the diary's own type takes its
 * place when it is wired in.
 */
export interface CustomerVisit {
  id: number;
  /** "Roof survey". */
  what: string;
  /** "Thursday 26 November, 9:00–11:00". */
  when: string;
  /** When it starts and ends, as instants (ISO): for the next visit and Add to calendar. */
  startAt: string;
  endAt: string;
  /** Over: it ended before the page was drawn. */
  past: boolean;
  cancelled: boolean;
  /** A survey he booked online, 24 hours or more away: he may move or cancel it himself. */
  mayChange: boolean;
}

/** The review page: the form, the thanks once it is written, or why the link is closed. */
export type ReviewPageData = { state: "open" | "done"; displayName: string } | { state: "unknown" | "expired"; displayName: ""; linkDays: number };

/** A review form sent back with each message at its field and what was typed. */
export interface ReviewPageAnswer {
  errors: Partial<Record<ReviewField, string>>;
  values: { stars: string; text: string; name: string; consent: boolean };
}
