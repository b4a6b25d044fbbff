/** A quote or contact request as it is stored, and the columns that read it back as one. */
import type { LeadStatus } from "./status.ts";
import { asRow, type Db } from "../db/connection.server.ts";
import { statement } from "../db/statements.ts";

export type LeadForm = "quote" | "contact";

export interface NewLead {
  form: LeadForm;
  /** The path of the page the form was sent from. */
  page: string;
  name: string;
  email: string;
  phone: string;
  /** Postcode (contact form) or property address (quote form); may be empty. */
  location: string;
  message: string;
}

export interface Lead extends NewLead {
  id: number;
  createdAt: string;
  status: LeadStatus;
  /** "pending" until the e-mail to the business is accepted, then "sent"; "none" when no mail is set up. */
  delivery: "pending" | "sent" | "none";
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  /** When the owner first answered: the status left New, or he tapped Call, E-mail or WhatsApp. */
  firstAnswerAt: string | null;
  firstAnswerBy: AnswerWay | null;
  /** The acknowledgement e-mail to the visitor (app/lib/requests/acknowledge.server.ts). */
  ack: AckState;
  ackAt: string | null;
}

export type AnswerWay = "status" | "call" | "email" | "whatsapp";
export type AckState = "none" | "queued" | "sent" | "held-address" | "held-hourly" | "spam" | "failed";

/** The columns as a Lead: SQLite renames them, so no row is mapped by hand. */
export const LEAD_COLUMNS = `id, created_at AS createdAt, status, form, page, name, email, phone, location, message, delivery,
  attempts, next_attempt_at AS nextAttemptAt, last_error AS lastError, first_answer_at AS firstAnswerAt,
  first_answer_by AS firstAnswerBy, ack, ack_at AS ackAt`;

export const asLead = (row: unknown): Lead => asRow<Lead>(row);

export function leadById(store: Db, id: number): Lead | undefined {
  const row = statement(store.db, `SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`).get(id);
  return row ? asLead(row) : undefined;
}
