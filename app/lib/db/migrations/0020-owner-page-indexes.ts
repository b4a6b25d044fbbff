/**
 * Indexes for the owner's first pages with many requests stored: the requests still waiting
 * for a first answer (how many, and the oldest) read from a small partial index of their own
 * instead of every New row (the headline names it: the planner, with no statistics, would take the
 * status index); the filter links' counts by status for one form read from an index led by form;
 * and the sources report's response figures read the arrival, status and first answer from an
 * index holding the three, without the rows.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE INDEX leads_waiting ON leads (created_at) WHERE status = 'new' AND first_answer_at IS NULL;
   CREATE INDEX leads_form_status ON leads (form, status, created_at);
   CREATE INDEX leads_response ON leads (created_at, status, first_answer_at);`;
