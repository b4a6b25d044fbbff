/**
 * When the owner last opened each request's page (`seen_at`): what the customer did after it (asked
 * to rearrange, wrote a review, accepted a quote) shows as a chip on the job's card until he opens
 * it again. Requests stored before start as seen now, so no old event comes back as news.
 * Written once and never changed: a later change is a new migration.
 */
export default `ALTER TABLE leads ADD COLUMN seen_at TEXT;
   UPDATE leads SET seen_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');`;
