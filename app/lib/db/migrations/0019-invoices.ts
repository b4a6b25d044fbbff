/**
 * Getting paid: invoices made from a request (a won quote's whole, deposit or balance, or lines
 * the owner types), the credit notes that correct them and the payments received against them.
 * Money is whole pence. A draft has no number; sending takes the next one from its series'
 * counter (INV and CN, one per UK year), copies the seller's and the customer's details onto the
 * invoice and locks it: nothing of a sent invoice changes after. A payment removed by mistake
 * stays, marked removed, for the audit. The state (Part paid, Paid, Void, Overdue) is never
 * stored: it is worked out from the payments and credit notes (docs/decisions/0027-invoices.md).
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE number_counters (
     series TEXT NOT NULL CHECK (series IN ('INV', 'CN')),
     year INTEGER NOT NULL,
     last INTEGER NOT NULL,
     PRIMARY KEY (series, year)
   );
   CREATE TABLE invoices (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     quote_id INTEGER REFERENCES quotes (id),
     kind TEXT NOT NULL CHECK (kind IN ('whole', 'deposit', 'balance', 'blank')),
     status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent')),
     year INTEGER,
     sequence INTEGER,
     created_at TEXT NOT NULL,
     issued_on TEXT,
     due_on TEXT NOT NULL,
     lines TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(lines)),
     vat INTEGER NOT NULL CHECK (vat IN (0, 1)),
     note TEXT NOT NULL DEFAULT '',
     net_pence INTEGER NOT NULL DEFAULT 0,
     vat_pence INTEGER NOT NULL DEFAULT 0,
     total_pence INTEGER NOT NULL DEFAULT 0,
     seller TEXT CHECK (seller IS NULL OR json_valid(seller)),
     customer TEXT CHECK (customer IS NULL OR json_valid(customer)),
     sent_at TEXT,
     reminders INTEGER NOT NULL DEFAULT 1 CHECK (reminders IN (0, 1)),
     UNIQUE (year, sequence),
     CHECK ((status = 'draft') = (sequence IS NULL))
   );
   CREATE INDEX invoices_lead ON invoices (lead_id, id);
   CREATE INDEX invoices_issued ON invoices (issued_on) WHERE status = 'sent';
   CREATE TABLE credit_notes (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     invoice_id INTEGER NOT NULL REFERENCES invoices (id),
     year INTEGER NOT NULL,
     sequence INTEGER NOT NULL,
     issued_on TEXT NOT NULL,
     created_at TEXT NOT NULL,
     reason TEXT NOT NULL,
     net_pence INTEGER NOT NULL CHECK (net_pence >= 0),
     vat_pence INTEGER NOT NULL CHECK (vat_pence >= 0),
     total_pence INTEGER NOT NULL CHECK (total_pence > 0),
     UNIQUE (year, sequence)
   );
   CREATE INDEX credit_notes_invoice ON credit_notes (invoice_id);
   CREATE INDEX credit_notes_issued ON credit_notes (issued_on);
   CREATE TABLE payments (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     invoice_id INTEGER NOT NULL REFERENCES invoices (id),
     received_on TEXT NOT NULL,
     amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
     method TEXT NOT NULL CHECK (method IN ('bank-transfer', 'card', 'cash', 'cheque')),
     note TEXT NOT NULL DEFAULT '',
     created_at TEXT NOT NULL,
     removed_at TEXT
   );
   CREATE INDEX payments_invoice ON payments (invoice_id);
   CREATE INDEX payments_received ON payments (received_on) WHERE removed_at IS NULL;`;
