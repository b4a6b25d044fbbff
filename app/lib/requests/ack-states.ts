/** The acknowledgement e-mail's state on a request, in the owner's words (app/lib/requests/acknowledge.server.ts). */
import type { AckState } from "./lead.ts";

export const ACK_STATE_NAMES: Record<AckState, string> = {
  none: "No acknowledgement: e-mail is not set up on this server",
  queued: "Acknowledgement e-mail waiting to be sent",
  sent: "Acknowledgement e-mailed",
  "held-address": "No acknowledgement: this address was sent one less than an hour before",
  "held-hourly": "No acknowledgement: the hourly limit of acknowledgements was reached",
  spam: "No acknowledgement: marked as spam",
  failed: "Acknowledgement could not be sent: the mail server refused it for a day",
};
