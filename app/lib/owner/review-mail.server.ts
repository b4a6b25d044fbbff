/** The review request e-mail of a finished job: the site's own form, and Google's when the facts hold its link. */
import type { Business } from "../../content/schema.ts";
import type { Lead } from "../requests/lead.ts";
import { sendToCustomer, type OutgoingMail } from "../mailer.server.ts";

/** Sends it; throws when e-mail is not set up or the mail server refuses it. */
export async function mailReviewRequest(mail: OutgoingMail | undefined, lead: Lead, business: Pick<Business, "name" | "email" | "phone" | "googleReviewUrl">, link: string): Promise<void> {
  await sendToCustomer(mail, business, {
    to: { name: lead.name, address: lead.email },
    subject: `How did we do? Your roof with ${business.name}`,
    text: [
      `Dear ${lead.name},`,
      "",
      `Thank you for choosing ${business.name}. We hope you are pleased with the work.`,
      "Would you tell us, and the next homeowner, how it went? It takes a minute:",
      link,
      "",
      ...(business.googleReviewUrl ? ["Or, if you prefer, leave a review on Google:", business.googleReviewUrl, ""] : []),
      `Whatever you think, we would like to hear it. If anything is not right, call ${business.phone.display}.`,
      "",
      business.name,
    ].join("\n"),
  });
}
