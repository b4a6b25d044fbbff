/**
 * When a request's personal details were erased, 24 months after the last contact
 * (app/lib/requests/retention.ts): its row stays, naming nobody, so past figures stay true.
 * Written once and never changed: a later change is a new migration.
 */
export default `ALTER TABLE leads ADD COLUMN erased_at TEXT;`;
