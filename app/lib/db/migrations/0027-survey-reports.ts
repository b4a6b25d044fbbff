/**
 * The survey report (issue 37 §2): a request's findings, each a short text with the photos of the
 * job that show it, in the owner's order, and what the firm recommends; one draft a request,
 * saved over. A quote sent with the report keeps its own copy, as it was sent, so its PDF and the
 * customer's pages say what the customer was sent. Written once and never changed: a later change
 * is a new migration.
 */
export default `CREATE TABLE survey_reports (
     lead_id INTEGER PRIMARY KEY REFERENCES leads (id),
     findings TEXT NOT NULL,
     recommend TEXT NOT NULL,
     saved_at TEXT NOT NULL
   );
   CREATE TABLE quote_reports (
     quote_id INTEGER PRIMARY KEY REFERENCES quotes (id),
     findings TEXT NOT NULL,
     recommend TEXT NOT NULL,
     survey_day TEXT NOT NULL
   );`;
