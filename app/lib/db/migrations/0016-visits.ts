/**
 * Visits booked from a request (a survey, a day of the job, another call): the instants they start
 * and end (UK wall-clock times as the owner typed them, stored in UTC), the calendar invitation's
 * UID made once and the SEQUENCE each change raises, whether the customer could be told, and the
 * owner's own notes. A cancelled visit stays, marked so.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE visits (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     kind TEXT NOT NULL CHECK (kind IN ('survey', 'job-day', 'other')),
     start_at TEXT NOT NULL,
     end_at TEXT NOT NULL,
     notes TEXT NOT NULL DEFAULT '',
     uid TEXT NOT NULL UNIQUE,
     sequence INTEGER NOT NULL DEFAULT 0,
     status TEXT NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
     told TEXT NOT NULL CHECK (told IN ('e-mail', 'no-address', 'no-mail')),
     created_at TEXT NOT NULL,
     changed_at TEXT NOT NULL,
     cancelled_at TEXT,
     CHECK (end_at > start_at)
   );
   CREATE INDEX visits_lead ON visits (lead_id);
   CREATE INDEX visits_booked ON visits (start_at) WHERE status = 'booked';`;
