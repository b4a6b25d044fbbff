/**
 * The customer's say over the photos of their roof (issue 37 §3–§4, decision 35): whether the owner
 * shows a photo of the job on the customer's page (NULL: as its stage says, Survey and After shown,
 * Before and During not), and the customer's answer to "May we show photos of your roof on our
 * website?", with its time: one row a request, changed when they change it. Written once and never
 * changed: a later change is a new migration.
 */
export default `ALTER TABLE job_photos ADD COLUMN shown_to_customer INTEGER CHECK (shown_to_customer IN (0, 1));
   CREATE TABLE photo_consents (
     lead_id INTEGER PRIMARY KEY REFERENCES leads (id),
     answer TEXT NOT NULL CHECK (answer IN ('yes', 'no')),
     answered_at TEXT NOT NULL
   );`;
