/**
 * The quote form. A plain HTML form posting to the page it sits on: it works the same with or
 * without JavaScript, and the notice comes from the server only once the request is stored.
 */
import { telHref, useSiteData } from "~/lib/public-site/site-data.ts";
import { PHOTO_HINT, PHOTO_TYPES } from "~/lib/forms/photos.ts";
import { QUOTE_SENT_ID, type QuoteActionData } from "~/lib/forms/quote.ts";
import { useLocation } from "react-router";
import { referenceParam } from "~/lib/forms/reference.ts";
import { Field, Honeypot, TextArea } from "./Field.tsx";
import { ReferenceLine } from "./ReferenceLine.tsx";
import { SurveyOffer } from "../customer/SurveyOffer.tsx";

export function QuoteForm({ action, result }: { action: string; result?: QuoteActionData }) {
  const { business: site, surveyOffer } = useSiteData();
  const values = result?.values;
  // A stored request comes back at ?sent={reference}#quote-sent (rendered for that answer).
  const reference = referenceParam(useLocation().search);
  const errors = result?.status === "invalid" ? result.errors : {};
  // The answer of a stored request whose link books a survey: the thanks, then the times, above the
  // form (a form cannot hold another).
  const offer = reference ? surveyOffer : undefined;
  return (
    <>
      {offer && (
        <div className="mb-8 space-y-4">
          <p id={QUOTE_SENT_ID} role="status" tabIndex={-1} className="rounded-lg bg-green-50 p-4 font-semibold text-ok ring-1 ring-green-700">
            Thank you! We'll get back to you within 24 hours. <ReferenceLine reference={reference!} />
          </p>
          <SurveyOffer offer={offer} heading="h3" />
        </div>
      )}
      <form method="post" action={action} encType="multipart/form-data" className="relative space-y-4" aria-labelledby="quote-form-title">
        <h3 id="quote-form-title" className="text-2xl">
          Request your free quote
        </h3>
        <p className="text-muted">{site.claims.quoteReply}. Fields marked * are required.</p>
        {/* Shown when the page is reached at #quote-sent, where a stored request is redirected. */}
        {!offer && (
          <p
            id={QUOTE_SENT_ID}
            role="status"
            tabIndex={-1}
            className="hidden rounded-lg bg-green-50 p-4 font-semibold text-ok ring-1 ring-green-700 target:block"
          >
            Thank you! We'll get back to you within 24 hours.
            {reference && <> <ReferenceLine reference={reference} /></>}
          </p>
        )}
        {result?.status === "error" && (
          <p role="alert" className="rounded-lg bg-red-50 p-4 font-semibold text-danger ring-1 ring-danger">
            Something went wrong. Please try calling us directly.{" "}
            <a href={telHref(site)} className="underline">
              Call {site.phone.display}
            </a>
          </p>
        )}
        <Honeypot />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field form="quote" name="name" label="Your Name *" required autoComplete="name" maxLength={100} defaultValue={values?.name} error={errors.name} />
          <Field form="quote" name="email" label="Email Address *" type="email" required autoComplete="email" maxLength={255} defaultValue={values?.email} error={errors.email} />
          <Field form="quote" name="phone" label="Phone Number *" type="tel" required autoComplete="tel" maxLength={20} defaultValue={values?.phone} error={errors.phone} />
          <Field form="quote" name="address" label="Property Address (optional)" autoComplete="address-line1" maxLength={200} defaultValue={values?.address} error={errors.address} />
        </div>
        <TextArea form="quote" name="message" label="Project Description *" rows={6} required maxLength={1000} defaultValue={values?.message} error={errors.message} />
        <Field
          form="quote"
          name="photos"
          label="Photos (optional)"
          hint={PHOTO_HINT}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(",")}
          // A real file input, so it works without script; the browser itself names the chosen files.
          className="field cursor-pointer text-muted file:mr-3 file:min-h-9 file:cursor-pointer file:rounded-md file:border-2 file:border-ink file:bg-paper file:px-3 file:font-semibold file:text-ink hover:file:bg-paper-dark"
          error={errors.photos}
        />
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Get My Free Quote
        </button>
        <p className="text-sm text-muted">
          We use your details only to reply to your request. See our{" "}
          <a href="/privacy" className="link">
            privacy notice
          </a>
          .
        </p>
      </form>
    </>
  );
}
