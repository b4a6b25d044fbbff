import { leadStore, type Lead, type NewLead } from "./leads.server.ts";
import { notifierEnabled, wakeNotifier } from "./notify.server.ts";

/**
 * Stores a request, then asks for it to be e-mailed. Returns the stored request, or undefined
 * when it could not be stored (the caller tells the visitor to call instead).
 */
export async function recordLead(lead: NewLead): Promise<Lead | undefined> {
  let stored: Lead;
  try {
    stored = await leadStore().save(lead, { notify: notifierEnabled() });
  } catch (error) {
    console.error("Could not store a request:", error instanceof Error ? error.message : error);
    return undefined;
  }
  wakeNotifier();
  return stored;
}
