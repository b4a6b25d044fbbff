/**
 * The answer the phone's outbox reads (decision 34). A browser's fetch follows a redirect and
 * hides it, and with it whether the post changed anything. A post the outbox sends says so
 * (`X-Owner-Outbox: 1`); its redirect is answered as 200 with where it would go
 * (`X-Outbox-Location`) and whether anything changed (`X-Nothing-Changed`, set by the
 * dispatcher when the page found it done already or asked first). Every other answer is as it is.
 */
import { UNCHANGED_HEADER } from "../actions/dispatch.server.ts";

export const OUTBOX_HEADER = "X-Owner-Outbox";
export const OUTBOX_LOCATION = "X-Outbox-Location";

export function outboxAnswer(request: Request, response: Response): Response {
  if (request.method !== "POST" || request.headers.get(OUTBOX_HEADER) !== "1") return response;
  const location = response.headers.get("Location");
  if (response.status < 300 || response.status >= 400 || !location) return response;
  const headers = new Headers(response.headers);
  headers.delete("Location");
  headers.set(OUTBOX_LOCATION, location);
  headers.set(UNCHANGED_HEADER, response.headers.get(UNCHANGED_HEADER) ?? "0");
  return new Response(null, { status: 200, headers });
}
