/**
 * Reviews from finished jobs: one per Job done, its one-time link kept only as a hash; every
 * review kept, whatever its stars.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE reviews (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     token_hash TEXT NOT NULL UNIQUE,
     requested_at TEXT NOT NULL,
     expires_at TEXT NOT NULL,
     submitted_at TEXT,
     stars INTEGER CHECK (stars BETWEEN 1 AND 5),
     text TEXT,
     display_name TEXT,
     consent INTEGER NOT NULL DEFAULT 0 CHECK (consent IN (0, 1)),
     status TEXT NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'submitted', 'published', 'private'))
   );
   CREATE INDEX reviews_lead ON reviews (lead_id);
   CREATE INDEX reviews_status ON reviews (status, submitted_at);`;
