/** A request as the forms store it, for tests that work on the store directly. */
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
