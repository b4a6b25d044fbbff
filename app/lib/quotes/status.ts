/** Where a quote has got to, and the words for each state. */
export const QUOTE_STATUSES = ["draft", "sent", "viewed", "accepted", "declined", "expired", "replaced"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_NAMES: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  replaced: "Replaced",
};
