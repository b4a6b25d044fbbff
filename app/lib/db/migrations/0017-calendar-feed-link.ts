/**
 * The owner's calendar feed (/calendar/{token}.ics): one link for the business, derived like the
 * customer's page from a row's random id with the key kept outside the database
 * (tokens.server.ts), so no working link is ever in here. Reset calendar link puts a new id in
 * the old one's place: the old link then answers 404 at once.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE calendar_feed_link (
     one INTEGER PRIMARY KEY CHECK (one = 1),
     link_id TEXT NOT NULL CHECK (length(link_id) = 32),
     made_at TEXT NOT NULL
   );
   INSERT INTO calendar_feed_link (one, link_id, made_at) VALUES (1, lower(hex(randomblob(16))), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));`;
