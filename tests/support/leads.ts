/** A request as the forms store it, for tests that work on the store directly. */
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import type { NewLead } from "../../app/lib/requests/lead.ts";

export const SARAHS_REQUEST: NewLead = {
  form: "quote",
  page: "/",
  name: "Sarah Morgan",
  email: "sarah@example.org",
  phone: "07700 900123",
  location: "Hitchin",
  message: "Slipped tiles",
};

/** Jane Smith's request, on which the tests quote and invoice. */
export const JANES_REQUEST: NewLead = { form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St", message: "Tiles" };

/** Jane Smith as her invoices name her. */
export const JANE_AS_CUSTOMER = { name: "Jane Smith", address: "1 High St, Hitchin SG4 9AA", email: "jane@example.org" };

/** A fresh store in memory holding one request (Jane Smith's unless told): for a test's `beforeEach`. */
export function storeWithRequest(request: NewLead = JANES_REQUEST): { store: LeadStore; leadId: number } {
  const store = new LeadStore(":memory:");
  return { store, leadId: store.add(request).id };
}
