/**
 * The owner's rules for surveys the visitor books himself (issue 38 §1): one row, absent until he
 * first saves the Survey bookings page, and the hours surveys may start, a row for each weekday
 * they may (a day with no row has none).
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE survey_rules (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     bookable INTEGER NOT NULL CHECK (bookable IN (0, 1)),
     length_minutes INTEGER NOT NULL CHECK (length_minutes BETWEEN 15 AND 180),
     buffer_minutes INTEGER NOT NULL CHECK (buffer_minutes >= 0),
     earliest_days INTEGER NOT NULL CHECK (earliest_days >= 0),
     ahead_days INTEGER NOT NULL CHECK (ahead_days >= 1),
     max_per_day INTEGER NOT NULL CHECK (max_per_day >= 1),
     changed_at TEXT NOT NULL
   );
   CREATE TABLE survey_hours (
     weekday TEXT PRIMARY KEY CHECK (weekday IN ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday')),
     starts INTEGER NOT NULL CHECK (starts BETWEEN 0 AND 1439),
     ends INTEGER NOT NULL CHECK (ends BETWEEN 1 AND 1440),
     CHECK (ends > starts)
   ) WITHOUT ROWID;`;
