/**
 * The contact page's form, rendered to HTML. It works without JavaScript: the server checks it
 * with the shared schema and sends the visitor on to the chat app. `app/enhance/contact-form.ts`
 * then improves it in the browser: messages as the visitor submits and corrects, the chat app
 * opened in a new tab within the click, and the request recorded on the server meanwhile.
 */
import type { ContactActionData } from "~/lib/forms/contact.ts";
import { chatNumberOf } from "~/content/rules/phone.ts";
import { telHref, useBusiness } from "~/lib/public-site/site-data.ts";
import { Field, Honeypot, TextArea } from "./Field.tsx";
import { ReferenceLine } from "./ReferenceLine.tsx";

// Every field is required, marked as the quote form marks its own.
const FIELDS = [
  ["name", "Full Name *", "text", "name"],
  ["email", "Email Address *", "email", "email"],
  ["phone", "Phone Number *", "tel", "tel"],
  ["postcode", "Postcode *", "text", "postal-code"],
] as const;

export function ContactForm({ serverResult }: { serverResult?: ContactActionData }) {
  const site = useBusiness();
  const values = serverResult?.status === "invalid" ? serverResult.values : undefined;
  const errors = serverResult?.status === "invalid" ? serverResult.errors : {};
  const sent = serverResult?.status === "sent" ? serverResult : undefined;
  return (
    <form
      id="contact-form"
      method="post"
      // Without JavaScript the answer to a post is the page again: the fragment brings the
      // visitor back to the form and its messages, not to the top of the page.
      action="/contact#contact-form"
      noValidate
      data-contact-form=""
      data-chat-number={chatNumberOf(site)}
      className="relative space-y-4"
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="text-2xl sm:text-3xl">
        Send Us A Message
      </h2>
      <p className="text-muted">We reply within 24 hours with a free quote. Fields marked * are required.</p>
      {/* Empty until the script puts one of the notices below in it, so that it is announced. */}
      <div tabIndex={-1} role="status" aria-live="polite" className="outline-none" data-notices="">
        {sent && (
          <p className="rounded-lg bg-green-50 p-4 font-semibold text-ok ring-1 ring-green-700">
            Thank you! Your message has been sent. We'll contact you soon.
            {sent.reference && <> <ReferenceLine reference={sent.reference} /></>}
            {sent.chatLink && (
              <>
                {" "}
                <a href={sent.chatLink} className="underline">
                  Open the chat with your message
                </a>
                {/* React places this in the head: the browser goes on to the chat at once. */}
                <meta httpEquiv="refresh" content={`0; url=${sent.chatLink}`} />
              </>
            )}
          </p>
        )}
      </div>
      <template data-notice="sent">
        <p className="rounded-lg bg-green-50 p-4 font-semibold text-ok ring-1 ring-green-700">
          Thank you! Your message has been sent. We'll contact you soon.
          {/* The script fills in the reference the server answered with. */}{" "}
          <ReferenceLine reference="" />
        </p>
      </template>
      <template data-notice="error">
        <p className="rounded-lg bg-red-50 p-4 font-semibold text-danger ring-1 ring-danger">
          Something went wrong. Please try calling us directly.{" "}
          <a href={telHref(site)} className="underline">
            Call {site.phone.display}
          </a>
        </p>
      </template>
      <Honeypot />
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(([name, label, type, autoComplete]) => (
          <Field
            key={name}
            form="contact"
            name={name}
            label={label}
            type={type}
            autoComplete={autoComplete}
            required
            defaultValue={values?.[name]}
            error={errors[name]}
          />
        ))}
      </div>
      <TextArea form="contact" name="message" label="Message *" rows={5} required defaultValue={values?.message} error={errors.message} />
      {/* Said before the button and read with it: pressing it leaves for WhatsApp in a new tab. */}
      <p id="contact-send-note" className="text-sm text-muted">
        Send Message opens WhatsApp in a new tab, with your message ready to send. We also keep a copy so we can reply. See our{" "}
        <a href="/privacy" className="link">
          privacy notice
        </a>
        .
      </p>
      <button type="submit" aria-describedby="contact-send-note" className="btn-primary w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto">
        Send Message
      </button>
    </form>
  );
}
