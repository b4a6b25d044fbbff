/**
 * The server side of the contact form: the same schema as the browser. Without JavaScript the
 * page posts here and, once the request is stored, the visitor goes on to the chat app; with
 * JavaScript the browser has opened the chat itself and only asks for the request to be stored.
 */
import { data, redirect } from "react-router";
import { readForm } from "./forms/read-form.server.ts";
import { site } from "~/content/index.ts";
import { buildChatLink, parseContact } from "./forms/contact.ts";
import { recordLead } from "./record-lead.server.ts";

export async function contactPageAction(request: Request) {
  const form = await readForm(request);
  if (form.get("website")) return redirect("/contact", 303);
  const parsed = parseContact(form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  // The chat link carries the whole request, so the visitor goes on even if storing failed.
  await recordLead({ form: "contact", page: "/contact", location: parsed.data.postcode, ...parsed.data });
  return redirect(buildChatLink(site.chatNumber, parsed.data), 303);
}

export async function contactRecordAction(request: Request) {
  const form = await readForm(request);
  if (form.get("website")) return Response.json({ ok: true });
  const parsed = parseContact(form);
  if (!parsed.ok) return Response.json({ ok: false, errors: parsed.errors }, { status: 400 });
  const stored = await recordLead({ form: "contact", page: "/contact", location: parsed.data.postcode, ...parsed.data });
  return stored ? Response.json({ ok: true }) : Response.json({ ok: false }, { status: 503 });
}
