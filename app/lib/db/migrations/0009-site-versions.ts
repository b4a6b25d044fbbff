/**
 * The owner's site: every published version of his edits, never changed once written (the newest
 * is live), and the one draft being worked on, whose revision refuses a save made from an older
 * one.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE site_versions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     published_at TEXT NOT NULL,
     author TEXT NOT NULL,
     passkey_id INTEGER,
     edits TEXT NOT NULL CHECK (json_valid(edits)),
     summary TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(summary)),
     restored_from INTEGER
   );
   CREATE TABLE site_draft (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     edits TEXT NOT NULL CHECK (json_valid(edits)),
     revision INTEGER NOT NULL,
     based_on INTEGER,
     restored_from INTEGER,
     updated_at TEXT NOT NULL,
     author TEXT NOT NULL
   );`;
