/**
 * Gallery photos the owner added: the picture as <Picture> reads it, and its files under
 * DATA_DIR/uploads/, served at /images/uploads/.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE site_pictures (
     name TEXT PRIMARY KEY,
     entry TEXT NOT NULL CHECK (json_valid(entry)),
     files TEXT NOT NULL CHECK (json_valid(files)),
     created_at TEXT NOT NULL
   ) WITHOUT ROWID;`;
