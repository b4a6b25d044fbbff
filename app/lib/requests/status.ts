/** Where the owner has got to with a request, and the words for each status. */

export const LEAD_STATUSES = ["new", "contacted", "quoted", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export function isStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

export const STATUS_NAMES: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

/** The statuses as [value, label] pairs, in order, for a select. */
export const STATUS_OPTIONS = LEAD_STATUSES.map((status) => [status, STATUS_NAMES[status]] as const);
