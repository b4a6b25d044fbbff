/**
 * Photos of the job (issue 37): those the owner takes on the roof, kept with the request by stage,
 * with an optional caption and the time taken (read from the camera's DateTimeOriginal before the
 * metadata is stripped, else the time of the upload). The pictures are files under
 * DATA_DIR/photos/job/, named by id, in two sizes. Written once and never changed: a later change
 * is a new migration.
 */
export default `CREATE TABLE job_photos (
     id TEXT PRIMARY KEY,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     stage TEXT NOT NULL CHECK (stage IN ('survey', 'before', 'during', 'after')),
     caption TEXT NOT NULL DEFAULT '',
     taken_at TEXT NOT NULL,
     time_from_camera INTEGER NOT NULL CHECK (time_from_camera IN (0, 1)),
     added_at TEXT NOT NULL,
     width INTEGER NOT NULL,
     height INTEGER NOT NULL,
     thumb_width INTEGER NOT NULL,
     thumb_height INTEGER NOT NULL,
     bytes INTEGER NOT NULL
   );
   CREATE INDEX job_photos_by_lead ON job_photos (lead_id, taken_at);`;
