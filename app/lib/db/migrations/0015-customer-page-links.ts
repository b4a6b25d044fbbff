/**
 * The customer's own page (/c/{token}): each request has one, from the moment it is stored. Its
 * link is derived from a row's random id with a key kept outside the database (tokens.server.ts),
 * so no working link is ever in here. A reset marks the current row replaced (its link then
 * answers 410) and adds a new one; the request's erasure removes them all (404). Requests stored
 * before this migration get their page here.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE customer_page_links (
     link_id TEXT PRIMARY KEY CHECK (length(link_id) = 32),
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     made_at TEXT NOT NULL,
     replaced_at TEXT
   ) WITHOUT ROWID;
   CREATE UNIQUE INDEX customer_page_links_current ON customer_page_links (lead_id) WHERE replaced_at IS NULL;
   CREATE INDEX customer_page_links_lead ON customer_page_links (lead_id);
   INSERT INTO customer_page_links (link_id, lead_id, made_at) SELECT lower(hex(randomblob(16))), id, created_at FROM leads;`;
