/**
 * Answering within the hour: one queue of background work that survives restarts; the first
 * answer to each request (existing ones take their first status change from the audit); the
 * visitor's acknowledgement; the owner's devices that get notifications, each belonging to the
 * passkey that turned them on; the server's keys.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE jobs (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     kind TEXT NOT NULL,
     payload TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
     once_key TEXT UNIQUE,
     created_at TEXT NOT NULL,
     run_at TEXT NOT NULL,
     give_up_at TEXT,
     attempts INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     done_at TEXT,
     outcome TEXT
   );
   CREATE INDEX jobs_due ON jobs (run_at) WHERE done_at IS NULL;
   ALTER TABLE leads ADD COLUMN first_answer_at TEXT;
   ALTER TABLE leads ADD COLUMN first_answer_by TEXT;
   UPDATE leads SET first_answer_at = (SELECT MIN(at) FROM audit WHERE audit.lead_id = leads.id AND action = 'changed the status'),
     first_answer_by = 'status' WHERE status <> 'new';
   ALTER TABLE leads ADD COLUMN ack TEXT NOT NULL DEFAULT 'none'
     CHECK (ack IN ('none', 'queued', 'sent', 'held-address', 'held-hourly', 'spam', 'failed'));
   ALTER TABLE leads ADD COLUMN ack_at TEXT;
   CREATE INDEX leads_ack ON leads (ack, created_at);
   CREATE TABLE push_subscriptions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     passkey_id INTEGER NOT NULL,
     endpoint TEXT NOT NULL UNIQUE,
     p256dh TEXT NOT NULL,
     auth TEXT NOT NULL,
     device TEXT NOT NULL,
     created_at TEXT NOT NULL,
     last_sent_at TEXT
   );
   CREATE INDEX push_subscriptions_passkey ON push_subscriptions (passkey_id);
   CREATE TABLE server_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`;
