/**
 * The server side of the contact form: the same schema as the browser. Without JavaScript the
 * page posts here and, once the request is stored, the visitor goes on to the chat app; with
 * JavaScript the browser has opened the chat itself and only asks for the request to be stored.
 *
 * The visitor is sent on by the answer page (a meta refresh and a link), not by a redirect:
 * the chat app redirects again to hosts of its own, and a redirect chain that starts at a form
 * post must stay within the page's CSP `form-action`, which allows only this site.
 */
import { data } from "react-router";
import { readForm } from "../forms/read-form.server.ts";
import { chatNumberOf } from "../../content/rules/phone.ts";
import { buildChatLink, parseContact, type ContactActionData } from "../forms/contact.ts";
import { referenceOf } from "../forms/reference.ts";
import type { Services } from "../services/services.ts";
import { recordLead } from "./record-lead.server.ts";

export async function contactPageAction(request: Request, services: Services) {
  const form = await readForm(request);
  if (form.get("website")) return { status: "sent" } satisfies ContactActionData;
  const parsed = parseContact(form);
  if (!parsed.ok) {
    return data({ status: "invalid", errors: parsed.errors, values: parsed.values } satisfies ContactActionData, { status: 400 });
  }
  // The chat link carries the whole request, so the visitor goes on even if storing failed.
  const stored = await recordLead(services, { form: "contact", page: "/contact", location: parsed.data.postcode, ...parsed.data });
  const reference = stored ? referenceOf(stored.id) : undefined;
  return { status: "sent", chatLink: buildChatLink(chatNumberOf(services.content().business), parsed.data), reference } satisfies ContactActionData;
}

export async function contactRecordAction(request: Request, services: Services) {
  const form = await readForm(request);
  if (form.get("website")) return Response.json({ ok: true });
  const parsed = parseContact(form);
  if (!parsed.ok) return Response.json({ ok: false, errors: parsed.errors }, { status: 400 });
  const stored = await recordLead(services, { form: "contact", page: "/contact", location: parsed.data.postcode, ...parsed.data });
  return stored ? Response.json({ ok: true, reference: referenceOf(stored.id) }) : Response.json({ ok: false }, { status: 503 });
}
