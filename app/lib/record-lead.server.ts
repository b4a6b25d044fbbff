import { leadStore, type Lead, type NewLead } from "./leads.server.ts";

/** Stores a request; returns it, or undefined when the store failed (the caller tells the visitor). */
export function recordLead(lead: NewLead): Lead | undefined {
  try {
    return leadStore().add(lead, { notify: false });
  } catch (error) {
    console.error("Could not store a request:", error instanceof Error ? error.message : error);
    return undefined;
  }
}
