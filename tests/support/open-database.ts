/**
 * Opens the database from a process of its own once the start time given has come, so several of
 * these open the same file together; prints the number of migrations recorded.
 * Usage: node tests/support/open-database.ts DB_FILE START_MS
 */
import { openDatabase } from "../../app/lib/db/database.server.ts";

const [file, startMs] = process.argv.slice(2);
while (Date.now() < Number(startMs)) await new Promise((resolve) => setTimeout(resolve, 1));
const db = openDatabase(file!);
process.stdout.write(`${(db.prepare("SELECT count(*) AS n FROM schema_migrations").get() as { n: number }).n}\n`);
db.close();
