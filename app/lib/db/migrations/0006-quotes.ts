/**
 * Written quotes: one row per revision, numbered per year; the lines are the row's own JSON,
 * since a sent revision is never changed. Only the hash of the customer's link is kept.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE quotes (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     year INTEGER NOT NULL,
     sequence INTEGER NOT NULL,
     revision INTEGER NOT NULL DEFAULT 1,
     status TEXT NOT NULL DEFAULT 'draft'
       CHECK (status IN ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'replaced')),
     created_at TEXT NOT NULL,
     lines TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(lines)),
     vat INTEGER NOT NULL DEFAULT 0 CHECK (vat IN (0, 1)),
     vat_number TEXT,
     valid_until TEXT NOT NULL,
     notes TEXT NOT NULL DEFAULT '',
     guarantees TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(guarantees)),
     net_pence INTEGER NOT NULL DEFAULT 0,
     vat_pence INTEGER NOT NULL DEFAULT 0,
     total_pence INTEGER NOT NULL DEFAULT 0,
     follow_ups INTEGER NOT NULL DEFAULT 1 CHECK (follow_ups IN (0, 1)),
     token_hash TEXT UNIQUE,
     expires_at TEXT,
     sent_at TEXT,
     viewed_at TEXT,
     answered_at TEXT,
     answer_name TEXT,
     answer_address TEXT,
     decline_reason TEXT,
     UNIQUE (year, sequence, revision)
   );
   CREATE INDEX quotes_lead ON quotes (lead_id, id);
   CREATE INDEX quotes_open ON quotes (status, expires_at);`;
