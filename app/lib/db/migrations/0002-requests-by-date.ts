/**
 * The inbox and the leads command read requests newest first.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE INDEX leads_created_at ON leads (created_at)`;
