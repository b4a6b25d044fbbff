/**
 * Page views counted on the server (app/lib/visits/): only aggregates, per UK day, page, source,
 * campaign and device; no address, no user agent, no single visit. And the addresses that were
 * not found, with the page that linked to them, kept 90 days.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE page_views (
     day TEXT NOT NULL,
     path TEXT NOT NULL,
     source TEXT NOT NULL,
     medium TEXT NOT NULL,
     campaign TEXT NOT NULL,
     device TEXT NOT NULL CHECK (device IN ('Phone', 'Tablet', 'Desktop')),
     views INTEGER NOT NULL,
     visitors INTEGER NOT NULL,
     PRIMARY KEY (day, path, source, medium, campaign, device)
   ) WITHOUT ROWID;
   CREATE TABLE pages_not_found (
     path TEXT NOT NULL,
     referrer TEXT NOT NULL,
     hits INTEGER NOT NULL,
     first_seen TEXT NOT NULL,
     last_seen TEXT NOT NULL,
     PRIMARY KEY (path, referrer)
   ) WITHOUT ROWID;
   CREATE INDEX pages_not_found_seen ON pages_not_found (last_seen);`;
