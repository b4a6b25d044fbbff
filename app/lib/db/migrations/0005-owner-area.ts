/**
 * The owner's area: a status for every request (existing ones become New), notes, the audit
 * trail, the search index and the per-month sources counts (both kept by triggers), and the
 * passkeys, invites, sessions and ceremony challenges of sign-in.
 * Written once and never changed: a later change is a new migration.
 */
export default `ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
     CHECK (status IN ('new', 'contacted', 'quoted', 'won', 'lost', 'spam'));
   CREATE INDEX leads_status ON leads (status, form, created_at);
   CREATE INDEX leads_form ON leads (form, created_at);
   CREATE TABLE lead_sources (
     month TEXT NOT NULL,
     page TEXT NOT NULL,
     requests INTEGER NOT NULL DEFAULT 0,
     won INTEGER NOT NULL DEFAULT 0,
     PRIMARY KEY (month, page)
   ) WITHOUT ROWID;
   INSERT INTO lead_sources SELECT substr(created_at, 1, 7), page, COUNT(*), SUM(status = 'won') FROM leads GROUP BY 1, 2;
   CREATE TRIGGER lead_sources_insert AFTER INSERT ON leads BEGIN
     INSERT OR IGNORE INTO lead_sources (month, page) VALUES (substr(NEW.created_at, 1, 7), NEW.page);
     UPDATE lead_sources SET requests = requests + 1, won = won + (NEW.status = 'won')
       WHERE month = substr(NEW.created_at, 1, 7) AND page = NEW.page;
   END;
   CREATE TRIGGER lead_sources_delete AFTER DELETE ON leads BEGIN
     UPDATE lead_sources SET requests = requests - 1, won = won - (OLD.status = 'won')
       WHERE month = substr(OLD.created_at, 1, 7) AND page = OLD.page;
   END;
   CREATE TRIGGER lead_sources_status AFTER UPDATE OF status ON leads WHEN (OLD.status = 'won') <> (NEW.status = 'won') BEGIN
     UPDATE lead_sources SET won = won + (NEW.status = 'won') - (OLD.status = 'won')
       WHERE month = substr(NEW.created_at, 1, 7) AND page = NEW.page;
   END;
   CREATE VIRTUAL TABLE leads_search USING fts5 (text, tokenize = 'trigram');
   INSERT INTO leads_search (rowid, text) SELECT id, name || ' | ' || email || ' | ' || location || ' | ' || replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', '') || ' | ' || replace(replace(replace(replace(location, ' ', ''), '-', ''), '(', ''), ')', '') FROM leads;
   CREATE TRIGGER leads_search_insert AFTER INSERT ON leads BEGIN
     INSERT INTO leads_search (rowid, text) VALUES (NEW.id, NEW.name || ' | ' || NEW.email || ' | ' || NEW.location || ' | ' || replace(replace(replace(replace(NEW.phone, ' ', ''), '-', ''), '(', ''), ')', '') || ' | ' || replace(replace(replace(replace(NEW.location, ' ', ''), '-', ''), '(', ''), ')', ''));
   END;
   CREATE TRIGGER leads_search_delete AFTER DELETE ON leads BEGIN
     DELETE FROM leads_search WHERE rowid = OLD.id;
   END;
   CREATE TABLE lead_notes (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     author TEXT NOT NULL,
     body TEXT NOT NULL
   );
   CREATE INDEX lead_notes_lead ON lead_notes (lead_id, created_at);
   CREATE TABLE audit (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     at TEXT NOT NULL,
     actor TEXT NOT NULL,
     action TEXT NOT NULL,
     lead_id INTEGER,
     detail TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX audit_lead ON audit (lead_id, at);
   CREATE TABLE passkeys (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     credential_id TEXT NOT NULL UNIQUE,
     public_key BLOB NOT NULL,
     counter INTEGER NOT NULL DEFAULT 0,
     transports TEXT NOT NULL DEFAULT '',
     name TEXT NOT NULL,
     created_at TEXT NOT NULL,
     last_used_at TEXT
   );
   CREATE TABLE owner_invites (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     token_hash TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     created_at TEXT NOT NULL,
     expires_at TEXT NOT NULL,
     used_at TEXT
   );
   CREATE TABLE owner_sessions (
     token_hash TEXT PRIMARY KEY,
     passkey_id INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     last_used_at TEXT NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX owner_sessions_passkey ON owner_sessions (passkey_id);
   CREATE TABLE owner_challenges (
     token_hash TEXT PRIMARY KEY,
     challenge TEXT NOT NULL,
     purpose TEXT NOT NULL,
     expires_at TEXT NOT NULL
   ) WITHOUT ROWID;`;
