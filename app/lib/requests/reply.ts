/** The owner's one-tap answers to a request: a call, an e-mail with a subject, a chat. */
import { chatLink } from "../forms/contact.ts";
import type { Lead } from "./lead.ts";
import { internationalNumber } from "../../content/rules/phone.ts";

/** The number a chat app wants: international, digits only (UK numbers start 44). */
export function chatNumber(phone: string): string {
  return internationalNumber(phone).replace(/^\+/, "");
}

/** A call from the owner's phone: the number as dialled, without spaces or brackets. */
export const callLink = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export function replyLinks(lead: Lead, businessName: string) {
  const what = lead.form === "quote" ? "quote request" : "message";
  const subject = `Your ${what} to ${businessName}`;
  const greeting = `Hello ${lead.name.split(/\s+/)[0]}, this is ${businessName} about your ${what}.`;
  return {
    call: callLink(lead.phone),
    email: `mailto:${lead.email}?subject=${encodeURIComponent(subject)}`,
    chat: chatLink(chatNumber(lead.phone), greeting),
  };
}
