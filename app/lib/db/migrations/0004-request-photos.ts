/**
 * Photos sent with a request: the pictures are files under DATA_DIR/photos/, named by id.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE lead_photos (
     id TEXT PRIMARY KEY,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     position INTEGER NOT NULL,
     bytes INTEGER NOT NULL,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL
   );
   CREATE INDEX lead_photos_by_lead ON lead_photos (lead_id, position);`;
