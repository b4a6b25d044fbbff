/**
 * Quote and contact requests: one row each, stored before the visitor is told.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE leads (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     created_at TEXT NOT NULL,
     form TEXT NOT NULL CHECK (form IN ('quote', 'contact')),
     page TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL,
     location TEXT NOT NULL,
     message TEXT NOT NULL,
     delivery TEXT NOT NULL DEFAULT 'none' CHECK (delivery IN ('pending', 'sent', 'none')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT,
     last_error TEXT
   )`;
