/**
 * The once-only keys of the owner's and the customers' forms (app/lib/actions/): each key the
 * dispatcher applied, with the action it named, where it was posted and the answer it gave, so
 * the same key posted again gets that answer and changes nothing. Kept 30 days (the nightly job,
 * which reads the whole table: no index of its time, so that a post writes no more than it must).
 * Each audit line written by an action also names it (`action_name`: `payment.record`); a line
 * with no words of its own (`action` empty) is the dispatcher's record of an action whose store
 * writes none, and the pages' histories leave it out.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE applied_actions (
     once_key TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     path TEXT NOT NULL,
     applied_at TEXT NOT NULL,
     answer TEXT NOT NULL
   );
   ALTER TABLE audit ADD COLUMN action_name TEXT;`;
