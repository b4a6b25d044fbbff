/**
 * Who booked a visit (issue 38): the owner, or the customer himself from the thank-you page or his
 * page. The visits booked before this were all the owner's.
 * Written once and never changed: a later change is a new migration.
 */
export default `ALTER TABLE visits ADD COLUMN booked_by TEXT NOT NULL DEFAULT 'owner' CHECK (booked_by IN ('owner', 'customer'));`;
