/**
 * A customer's request to rearrange a visit, asked on their own page: their words, kept for the
 * owner (his e-mail and the request's history), and a mark on the visit until it moves.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE rearrange_requests (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     visit_id INTEGER NOT NULL REFERENCES visits (id),
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     asked_at TEXT NOT NULL,
     words TEXT NOT NULL
   );
   CREATE INDEX rearrange_requests_visit ON rearrange_requests (visit_id, asked_at);
   CREATE INDEX rearrange_requests_lead ON rearrange_requests (lead_id, asked_at);`;
