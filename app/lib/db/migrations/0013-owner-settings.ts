/**
 * The owner's own choices that are not the site's content (the weekly summary on or off): one
 * row per setting, absent until he changes it.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE owner_settings (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL,
     changed_at TEXT NOT NULL
   ) WITHOUT ROWID;`;
