/**
 * More links to one quote: each follow-up e-mail carries a link of its own (only the first link's
 * token was ever known, and only its hash was kept). Each expires with its quote.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE quote_links (
     token_hash TEXT PRIMARY KEY,
     quote_id INTEGER NOT NULL REFERENCES quotes (id),
     created_at TEXT NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX quote_links_quote ON quote_links (quote_id);`;
