/** Download CSV: the filtered list, every page of it, with the same defused cells as `npm run leads`, as a file Excel reads as UTF-8. */
import { storeOf } from "~/lib/services/services.ts";
import { csvAttachment } from "~/lib/db/csv.ts";
import { toCsv } from "~/lib/requests/leads-csv.ts";
import { inboxAll, parseFilter } from "~/lib/requests/inbox.server.ts";
import { ukToday } from "~/lib/time/uk-time.ts";
import type { Route } from "./+types/requests-csv";
import { photoFilesByLead } from "~/lib/requests/photo-store.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  // Every page of the filtered list, not just the one on screen.
  const filter = parseFilter(new URL(request.url).searchParams);
  const store = storeOf(context);
  const photos = photoFilesByLead(store);
  const leads = inboxAll(store, filter).map((lead) => ({ ...lead, photos: photos.get(lead.id) ?? [] }));
  const day = ukToday();
  return csvAttachment(toCsv(leads), `requests-${day}.csv`);
}
