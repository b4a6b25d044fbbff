/**
 * One quote. A Draft is a plain form (lines added and removed with buttons, so it works without
 * JavaScript, components/owner/LineEditor.tsx, shared with invoices) whose totals follow the
 * typing (enhance/line-totals.ts; Check totals without a script); Send quote saves it and asks first (quote-send.tsx). A sent quote is shown as the
 * customer sees it, with its state, and can only be changed by starting a new revision.
 */
import { Notices } from "~/components/owner/Notices.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import { data } from "react-router";
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { LineEditor, LineTotals } from "~/components/owner/LineEditor.tsx";
import { OnOffForm, OwnerForm } from "~/components/owner/OwnerForm.tsx";
import { QuoteSummary } from "~/components/quotes/QuoteSummary.tsx";
import { draftValuesOf, guaranteeOptions, QUOTE_NOTES_MAX, type DraftErrors, type DraftValues } from "~/lib/quotes/draft-form.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { outboxAttributes } from "~/lib/offline/words.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { QUOTE_STATUS_NAMES } from "~/lib/quotes/status.ts";
import { followUpsOf, MAX_LINES, quoteById, quoteNumber } from "~/lib/quotes/quotes.server.ts";
import { VAT_RATE_PERCENT } from "~/lib/quotes/money.ts";
import { quoteSummary } from "~/lib/quotes/summary.server.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { CreateInvoice } from "~/components/owner/invoices/CreateInvoice.tsx";
import { draftsOfLead } from "~/lib/invoices/pages.server.ts";
import { priceItems } from "~/lib/quotes/price-list.server.ts";
import { PriceListPicker, SaveLineToPriceList } from "~/components/owner/PriceListPicker.tsx";
import { typedTotals } from "~/lib/quotes/typed-totals.ts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/quote";
import { recordIdOr404 } from "~/lib/forms/record-id.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

export const handle: RouteHandle = { scripts: ["line-totals", "line-editor"] };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Quote ${loaderData.number}` : "No such quote");

export function loader({ params, request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const site = contentOf(context).business;
  const quote = quoteById(store, recordIdOr404(params.id));
  if (!quote) throw data(null, { status: 404 });
  const lead = leadById(store, quote.leadId)!;
  const url = new URL(request.url);
  return {
    id: quote.id,
    number: quoteNumber(quote),
    status: quote.status,
    lead: { id: lead.id, name: lead.name, email: lead.email },
    values: draftValuesOf(quote, site),
    summary: quoteSummary(quote),
    sentAt: quote.sentAt,
    viewedAt: quote.viewedAt,
    answeredAt: quote.answeredAt,
    answerName: quote.answerName,
    declineReason: quote.declineReason,
    followUps: quote.followUps,
    followUpLog: followUpsOf(store, quote.id),
    drafts: draftsOfLead(store, quote.leadId),
    vatAllowed: Boolean(site.vatNumber),
    guaranteeOptions: guaranteeOptions(site),
    saved: url.searchParams.get("saved"),
    priceList: quote.status === "draft" ? priceItems(store) : [],
    maxLines: MAX_LINES,
  };
}

type ActionAnswer = { values: DraftValues; errors?: DraftErrors; error?: string };
export const action = (args: Route.ActionArgs) => ownerPost<ActionAnswer>(args, ["quote.follow-ups", "quote.revise", "quote.save"]);

const SAVED: Record<string, string> = { draft: "Draft saved.", sent: "Quote sent. The customer has it by e-mail, with the PDF and their link." };

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { number, status, lead, summary, saved } = loaderData;
  return (
    <>
      <TopBar title={`Quote ${number}`} back={{ href: `/admin/requests/${lead.id}`, label: lead.name }} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <p>
          <span className="inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-bold text-slate-700 ring-1 ring-slate-300">{QUOTE_STATUS_NAMES[status]}</span>{" "}
          for {lead.name}
        </p>
        <Notices notice={saved && !actionData && SAVED[saved]} error={actionData?.error} />
        {status === "draft" ? <DraftForm loaderData={loaderData} actionData={actionData} /> : <SentQuote loaderData={loaderData} />}
        {status === "draft" && summary.totals.lines.length > 0 && (
          <CardSection id="saved-heading" title="As last saved">
            <QuoteSummary quote={summary} caption={`Quote ${number} as last saved`} />
          </CardSection>
        )}
      </div>
    </>
  );
}

function SentQuote({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const { id, number, status, summary, sentAt, viewedAt, answeredAt, answerName, declineReason, lead } = loaderData;
  return (
    <>
      <CardSection id="quote-heading" title="The quote">
        <QuoteSummary quote={summary} caption={`Quote ${number}`} />
        <a href={`/admin/quotes/${id}/pdf`} className="btn-secondary">
          Download PDF
        </a>
      </CardSection>
      {status === "accepted" && (
        <CardSection id="invoice-heading" title="Create invoice">
          <CreateInvoice leadId={lead.id} quote={number} drafts={loaderData.drafts} />
        </CardSection>
      )}
      <CardSection id="progress-heading" title="Progress" className="space-y-3">
        <ul className="space-y-1">
          {sentAt && <li>Sent to {lead.email} on {exactTime(sentAt)}</li>}
          {viewedAt && <li>Opened by the customer on {exactTime(viewedAt)}</li>}
          {answeredAt && status === "accepted" && (
            <li className="font-semibold">
              Accepted by {answerName} on {exactTime(answeredAt)}
            </li>
          )}
          {answeredAt && status === "declined" && (
            <li className="font-semibold">
              Declined on {exactTime(answeredAt)}
              {declineReason ? `: ${declineReason}` : ", no reason given"}
            </li>
          )}
          {loaderData.followUpLog.map((entry) => (
            <li key={entry.day}>
              Day-{entry.day} follow-up e-mail:{" "}
              {entry.doneAt ? (entry.outcome === "sent" ? `sent on ${exactTime(entry.doneAt)}` : entry.outcome.replace(/^not (needed|sent): /, "not sent, ")) : `planned for ${exactTime(entry.runAt)}`}
            </li>
          ))}
          {status === "expired" && <li>Expired without an answer</li>}
          {status === "replaced" && <li>Replaced by a newer revision</li>}
        </ul>
        {(status === "sent" || status === "viewed") && (
          <OnOffForm
            intent="follow-ups"
            on={loaderData.followUps}
            whileOn="If the customer has not answered, a polite reminder is e-mailed 3 and 7 days after sending, within your opening hours."
            whileOff="Follow-up e-mails are off for this quote."
            turnOff="Stop follow-ups"
            turnOn="Turn follow-ups on"
          />
        )}
        {status !== "accepted" && status !== "replaced" && (
          <OwnerForm intent="revise" className="space-y-2">
            <p>A sent quote is never edited. A change makes a new revision; once you send it, the old link says it was replaced.</p>
            <button type="submit" className="btn-secondary">
              Change quote (new revision)
            </button>
          </OwnerForm>
        )}
      </CardSection>
    </>
  );
}

function DraftForm({ loaderData, actionData }: { loaderData: Route.ComponentProps["loaderData"]; actionData: Route.ComponentProps["actionData"] }) {
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors;
  const totals = typedTotals(values.lines, values.vat);
  return (
    <PostForm className="space-y-5" noValidate data-line-totals {...outboxAttributes(`Changes to quote ${loaderData.number} for ${loaderData.lead.name}`)}>
      <LineEditor lines={values.lines} errors={errors} max={loaderData.maxLines} lineExtra={(i) => <SaveLineToPriceList quote={loaderData.id} index={i} />}>
        <PriceListPicker items={loaderData.priceList} lines={values.lines} />
      </LineEditor>

      <CardSection id="totals-heading" title="Totals">
        {loaderData.vatAllowed ? (
          <div className="flex items-center gap-3">
            <input id="quote-vat" type="checkbox" name="vat" defaultChecked={values.vat} className="size-6" />
            <label htmlFor="quote-vat">Add VAT at {VAT_RATE_PERCENT} %</label>
          </div>
        ) : (
          <p className="text-muted">
            No VAT: your site has no VAT number. Add it under <a href="/admin/site" className="link">Your site</a> to charge VAT.
          </p>
        )}
        <LineTotals totals={totals} />
      </CardSection>

      <CardSection id="terms-heading" title="Dates and notes">
        <Field form="quote" name="validUntil" label="Valid until" type="date" defaultValue={values.validUntil} error={errors?.validUntil} />
        <TextArea form="quote" name="notes" label="Notes (optional)" rows={3} maxLength={QUOTE_NOTES_MAX} defaultValue={values.notes} error={errors?.notes} />
        <fieldset className="space-y-2">
          <legend className="field-label">Guarantees that apply</legend>
          {loaderData.guaranteeOptions.map((option) => (
            <div key={option.key} className="flex items-start gap-3">
              <input id={`guarantee-${option.key}`} type="checkbox" name="guarantee" value={option.key} defaultChecked={values.guarantees.includes(option.key)} className="mt-1 size-6 shrink-0" />
              <label htmlFor={`guarantee-${option.key}`}>{option.text}</label>
            </div>
          ))}
        </fieldset>
      </CardSection>

      {/* A send waits for signal (decision 34): with none, Send quote says so here and keeps nothing. */}
      <p data-when-offline="" data-needs-signal-words="" hidden className="font-semibold">
        You have no signal, so the quote cannot be sent yet. Save draft keeps your changes on your phone; press Send quote when you have signal.
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn-secondary">
          Save draft
        </button>
        <button type="submit" name="intent" value="send" data-needs-signal="" className="btn-primary">
          Send quote
        </button>
      </div>
    </PostForm>
  );
}
