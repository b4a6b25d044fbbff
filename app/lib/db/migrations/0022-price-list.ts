/**
 * The owner's price list: the lines he quotes often, each with its description, its unit ("per
 * m²", "each"; empty when none) and its unit price in pence. Ordered by description on his page.
 * Written once and never changed: a later change is a new migration.
 */
export default `CREATE TABLE price_items (
     id INTEGER PRIMARY KEY,
     description TEXT NOT NULL,
     unit TEXT NOT NULL DEFAULT '',
     unit_pence INTEGER NOT NULL,
     created_at TEXT NOT NULL,
     changed_at TEXT NOT NULL
   );`;
