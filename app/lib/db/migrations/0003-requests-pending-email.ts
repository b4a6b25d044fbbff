/**
 * The owner's e-mail of each request waits here until it goes.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE INDEX leads_pending ON leads (delivery, next_attempt_at)`;
