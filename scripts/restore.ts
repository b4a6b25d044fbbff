/** `npm run restore -- BACKUP`: see scripts/backup.ts. */
import { runRestore } from "./backup.ts";

process.exitCode = runRestore(process.argv.slice(2));
