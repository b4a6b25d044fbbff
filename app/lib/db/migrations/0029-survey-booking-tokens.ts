/**
 * The one-time link the thank-you page carries to book a survey (issue 38 §4): made when the
 * request is stored, kept only as its hash, closed once a survey is booked with it or when it expires.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE survey_booking_tokens (
     token_hash TEXT PRIMARY KEY,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     expires_at TEXT NOT NULL,
     used_at TEXT
   );
   CREATE INDEX survey_booking_tokens_lead ON survey_booking_tokens (lead_id);`;
