/**
 * One request, opening on now (issue 35 §2): under its name the status as one line, the one Next
 * step (lib/requests/job.ts), the next visit, what is owed and anything the customer asked; then
 * Notes, Visits, Quotes, Invoices, Photos, Details (the message, the contact, the customer's page,
 * the status by hand), History and Delete, the long ones folded. Opening it marks what the
 * customer did as seen (the chips on the job's card).
 */
import { Notices } from "~/components/owner/Notices.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import { TextArea } from "~/components/forms/Field.tsx";
import { NextStep } from "~/components/owner/NextStep.tsx";
import { StatusChoice } from "~/components/owner/StatusChoice.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { AuditList } from "~/components/owner/AuditList.tsx";
import { DeleteRequest } from "~/components/owner/DeleteRequest.tsx";
import { RequestDetails, RequestPhotos } from "~/components/owner/RequestDetails.tsx";
import { OwnerForm } from "~/components/owner/OwnerForm.tsx";
import { RequestNowFacts, StatusLine } from "~/components/owner/RequestNow.tsx";
import { nextStep, stageOf } from "~/lib/requests/job.ts";
import { askedSinceSeen, markSeen } from "~/lib/requests/seen.server.ts";
import { isKeeping } from "~/lib/offline/kept.server.ts";
import { jobMoneyOf } from "~/lib/invoices/job-money.server.ts";
import { nextVisitOf } from "~/lib/visits/pages.server.ts";
import { visitsOfLead } from "~/lib/visits/visits.server.ts";
import { referenceOf } from "~/lib/forms/reference.ts";
import { contentOf, servicesOf, storeOf } from "~/lib/services/services.ts";
import { thumbnailSize } from "~/lib/photos/photos.server.ts";
import { auditOfLead } from "~/lib/db/audit.server.ts";
import { notesOf } from "~/lib/requests/inbox.server.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { quoteNumber, quotesOfLead } from "~/lib/quotes/quotes.server.ts";
import { QUOTE_STATUS_NAMES } from "~/lib/quotes/status.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { pageOrigin } from "~/lib/public-site/page-origin.server.ts";
import { useBusiness } from "~/lib/public-site/site-data.ts";
import { replyLinks } from "~/lib/requests/reply.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import type { Route } from "./+types/request";
import type { RouteHandle } from "~/root";
import { photosOf } from "~/lib/requests/photo-store.server.ts";
import { nameOf } from "~/lib/requests/name.ts";
import { CustomerPageLink } from "~/components/owner/CustomerPageLink.tsx";
import { customerPageUrl } from "~/lib/links/page-links.server.ts";
import { siteUrl } from "~/lib/public-site/seo.ts";
import { Visits, VISIT_NOTICES } from "~/components/owner/Visits.tsx";
import { RequestInvoices } from "~/components/owner/invoices/RequestInvoices.tsx";
import { acceptedQuoteOf } from "~/lib/invoices/invoices.server.ts";
import { invoicesOfLeadListed } from "~/lib/invoices/pages.server.ts";
import { upcomingWords, visitItems } from "~/lib/visits/pages.server.ts";
import { hasSentInvoice } from "~/lib/invoices/invoices.server.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { NOTE_MAX } from "~/lib/requests/forms.ts";
import { JobPhotos } from "~/components/owner/JobPhotos.tsx";
import { jobPhotosOf, lastStageOf } from "~/lib/photos/job-photos.server.ts";
import { isShown, shownSettingsOf } from "~/lib/photos/customer-photos.server.ts";
import { JobToGallery } from "~/components/owner/JobToGallery.tsx";
import { jobToGallery } from "~/lib/site/gallery-from-job.server.ts";
import { surveyReportOf } from "~/lib/photos/survey-report.server.ts";
import { defaultStage, isRefusal, JOB_PHOTO_REFUSALS } from "~/lib/photos/job-photos.ts";

/** Add photos shows each photo's progress and its own refusal (enhance/job-photos.ts). */
export const handle: RouteHandle = { scripts: ["job-photos"] };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `${referenceOf(loaderData.lead.id)}, ${nameOf(loaderData.lead)}` : "No such request");


export function loader({ params, request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const id = recordIdOr404(params.id);
  const lead = foundOr404(leadById(store, id));
  const url = new URL(request.url);
  const now = new Date();
  const accepted = acceptedQuoteOf(store, id);
  // What the customer did since the owner last looked, read before this look marks it seen.
  const asked = askedSinceSeen(store, [id]).get(id) ?? [];
  if (request.method === "GET" && !isKeeping(request)) markSeen(store, id, now);
  const quotes = quotesOfLead(store, id).map((quote) => ({ id: quote.id, number: quoteNumber(quote), status: quote.status, total: formatPounds(quote.totalPence), sentAt: quote.sentAt, viewedAt: quote.viewedAt, answeredAt: quote.answeredAt }));
  const visits = visitItems(store, id, now);
  const booked = visitsOfLead(store, id).filter((visit) => visit.status === "booked");
  const reviews = store.db.prepare("SELECT requested_at AS requestedAt, status, stars FROM reviews WHERE lead_id = ? ORDER BY id").all(id).map((row) => ({ ...(row as { requestedAt: string; status: string; stars: number | null }) }));
  const money = jobMoneyOf(store, id, now);
  const shown = shownSettingsOf(store, id);
  const step = nextStep(
    {
      status: lead.status,
      answered: lead.firstAnswerAt !== null,
      surveyBooked: booked.some((visit) => visit.kind === "survey"),
      quote: quotes.find((quote) => quote.status !== "replaced")?.status ?? null,
      jobDays: booked.filter((visit) => visit.kind === "job-day").map((visit) => visit.startAt),
      invoiceSent: money.invoiceSent,
      invoicedInFull: money.invoicedInFull,
      reviewAsked: reviews.length > 0,
    },
    now,
  );
  return {
    step,
    stage: stageOf(lead.status, money.paidInFull),
    standing: {
      nextVisit: nextVisitOf(store, id, now)?.when ?? null,
      owed: lead.status === "won" || money.invoiceSent ? formatPounds(money.owedPence) : null,
      overdue: money.overdue,
      money: money.words,
      rearrange: visits.filter((visit) => visit.asked && !visit.over).map((visit) => ({ visit: visit.short, words: visit.asked! })),
      asked,
    },
    now: now.toISOString(),
    /** This page's own origin, for the reply links' pings. */
    self: url.origin,
    lead,
    origin: pageOrigin(lead.page).name,
    notes: notesOf(store, id),
    photos: photosOf(store, id).map((photo) => ({ id: photo.id, thumb: thumbnailSize(photo) })),
    jobPhotos: jobPhotosOf(store, id).map((photo) => ({ ...photo, shown: isShown({ stage: photo.stage, shownToCustomer: shown.get(photo.id) ?? null }) })),
    toGallery: jobToGallery(store, id, contentOf(context)),
    /** The survey report: offered once a Survey photo exists (issue 37 §2). */
    report: { findings: surveyReportOf(store, id)?.findings.length ?? null, offered: jobPhotosOf(store, id).some((photo) => photo.stage === "survey") },
    jobStage: defaultStage(lastStageOf(store, id), quotes.some((quote) => quote.sentAt !== null)),
    /** The photos an upload left out, each with why, as its address carries them after the change. */
    photosLeftOut: url.searchParams.getAll("refused").flatMap((item) => {
      const [why = "", ...name] = item.split(":");
      return isRefusal(why) ? [name.join(":") ? `${name.join(":")}: ${JOB_PHOTO_REFUSALS[why]}` : JOB_PHOTO_REFUSALS[why]] : [];
    }),
    added: Number(url.searchParams.get("added")) || 0,
    askingPhoto: url.searchParams.get("delete-photo"),
    history: auditOfLead(store, id),
    reviews,
    quotes,
    visits,
    invoices: invoicesOfLeadListed(store, id, now),
    acceptedQuote: accepted ? quoteNumber(accepted) : null,
    upcoming: upcomingWords(store, id, now),
    invoiced: hasSentInvoice(store, id),
    /** Whether a Delete can e-mail the cancellation of its visits to come. */
    canTell: Boolean(lead.email.trim()) && Boolean(servicesOf(context).mail),
    saved: url.searchParams.get("saved"),
    confirmDelete: url.searchParams.get("confirm") === "delete",
    /** The customer's own page as it is now: every e-mail to them carries it. */
    customerPage: customerPageUrl(store, siteUrl(), id),
  };
}

type ActionAnswer = { errors: Partial<Record<"status" | "note" | "resend" | "intent" | "photos" | "stage" | "caption" | `photo-${string}` | `gallery${string}`, string>>; values?: { caption?: string } & Record<string, string> };

export const action = (args: Route.ActionArgs) => ownerPost<ActionAnswer>(args, ["request.status", "request.note", "request.resend", "quote.create", "request.delete", "job-photo.add", "job-photo.save", "job-photo.delete", "gallery.from-job"]);

const SAVED: Record<string, string> = {
  status: "Status saved.",
  note: "Note added.",
  resend: "The e-mail will be sent again within a few seconds.",
  "job-done": "Job done: the customer has been asked for a review.",
  "customer-link": "The customer's link was reset: the old one no longer opens their page.",
  "invoice-deleted": "Draft invoice deleted.",
  "photo-deleted": "Photo deleted.",
  "photo-saved": "Photo saved.",
  report: "Survey report saved.",
  ...VISIT_NOTICES,
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export default function RequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, notes, photos, history, saved, confirmDelete, origin, quotes, visits } = loaderData;
  const now = new Date(loaderData.now);
  const links = replyLinks(lead, useBusiness().name);
  const errorFor = (field: keyof ActionAnswer["errors"]) => actionData?.errors[field];
  const early = lead.status === "new" || lead.status === "contacted";
  const lines = (error: string | undefined) => (error ? error.split("\n") : undefined);
  const photoErrors = lines(errorFor("photos")) ?? loaderData.photosLeftOut;
  const notice = saved === "photos" ? `${plural(loaderData.added, "photo")} added.` : saved && SAVED[saved];
  return (
    <>
      <TopBar title={nameOf(lead)} back={{ href: "/admin", label: "Requests" }} />
      <div className="container-page max-w-3xl space-y-4 py-4">
        <StatusLine lead={lead} stage={loaderData.stage} reference={referenceOf(lead.id)} now={now} />
        <Notices notice={notice} />

        <NextStep lead={lead} quotes={quotes} reviews={loaderData.reviews} links={links} self={loaderData.self} step={loaderData.step} accepted={loaderData.acceptedQuote !== null} />
        <RequestNowFacts now={loaderData.standing} />

        <CardSection title="Notes" id="notes-heading" fold={{ open: notes.length <= 3 || Boolean(errorFor("note")), summary: notes.length ? plural(notes.length, "note") : undefined }}>
          <OwnerForm intent="note" className="space-y-3" words={`Note on ${referenceOf(lead.id)}, ${lead.name}: “{note}”`}>
            <TextArea form="lead" name="note" label="Add a note" rows={2} maxLength={NOTE_MAX} error={errorFor("note")} />
            <button type="submit" className="btn-primary">
              Add note
            </button>
          </OwnerForm>
          {notes.length === 0 ? (
            <p className="text-muted">No notes yet.</p>
          ) : (
            <ol aria-label="Notes, newest first" className="space-y-3">
              {notes.map((note) => (
                <li key={note.id} className="rounded-lg bg-paper p-3">
                  <p className="whitespace-pre-wrap break-words">{note.body}</p>
                  <p className="mt-1 text-sm text-muted">
                    {note.author}, <time dateTime={note.createdAt}>{exactTime(note.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ol>
          )}
        </CardSection>

        <Visits leadId={lead.id} customer={lead.name} visits={visits} fold={{ open: visits.length <= 2, summary: visits.length ? plural(visits.length, "visit") : undefined }} />

        {quotes.length > 0 && (
          <CardSection title="Quotes" id="quotes-heading" fold={{ open: quotes.length <= 2, summary: plural(quotes.length, "quote") }}>
            <ul aria-label="Quotes, newest first" className="space-y-2">
              {quotes.map((quote) => (
                <li key={quote.id}>
                  <a href={`/admin/quotes/${quote.id}`} className="link">
                    {quote.number}
                  </a>
                  : {QUOTE_STATUS_NAMES[quote.status]}, {quote.total}
                </li>
              ))}
            </ul>
          </CardSection>
        )}

        <RequestInvoices
          leadId={lead.id}
          invoices={loaderData.invoices}
          quote={loaderData.acceptedQuote}
          canCreate={lead.status === "won" || loaderData.acceptedQuote !== null}
          fold={{ open: loaderData.invoices.length > 0 && loaderData.invoices.length <= 3, summary: loaderData.invoices.length ? plural(loaderData.invoices.length, "invoice") : "Create invoice" }}
        />

        <JobPhotos
          leadId={lead.id}
          photos={loaderData.jobPhotos}
          stage={loaderData.jobStage}
          errors={{ photos: photoErrors.length ? photoErrors : undefined, stage: lines(errorFor("stage")), caption: lines(errorFor("caption")) }}
          caption={actionData?.values?.caption}
          photoErrors={actionData?.errors}
          asking={loaderData.askingPhoto}
          fold={{
            // Folded while empty or long, so the page opens on now; open for a few, a refusal or a question.
            open: Boolean(photoErrors.length || errorFor("stage") || errorFor("caption") || loaderData.askingPhoto) || (loaderData.jobPhotos.length > 0 && loaderData.jobPhotos.length <= 6),
            summary: loaderData.jobPhotos.length ? plural(loaderData.jobPhotos.length, "photo") : "Add photos",
          }}
        />

        <JobToGallery {...loaderData.toGallery} errors={actionData?.errors ?? {}} values={actionData?.values ?? {}} saved={saved} />

        {(loaderData.report.offered || loaderData.report.findings !== null) && (
          <CardSection title="Survey report" id="survey-report">
            <p>{loaderData.report.findings === null ? "No report yet: the findings, each with its photos, and what you recommend." : `A draft with ${plural(loaderData.report.findings, "finding")}: attach it when you send a quote.`}</p>
            <a href={`/admin/requests/${lead.id}/report`} className="btn-secondary">
              {loaderData.report.findings === null ? "Write survey report" : "Change survey report"}
            </a>
          </CardSection>
        )}

        <RequestPhotos lead={lead} consent={loaderData.toGallery.consent?.answer === "yes"} photos={photos} fold={{ open: false, summary: plural(photos.length, "photo") }} />

        <CardSection title="Details" id="details" fold={{ open: early || Boolean(errorFor("status") || errorFor("resend")), summary: early ? undefined : "Message, contact, status" }}>
          <section aria-labelledby="message" className="space-y-2">
            <h3 id="message" className="text-lg">
              Message
            </h3>
            <p className="whitespace-pre-wrap break-words">{lead.message}</p>
          </section>
          <RequestDetails lead={lead} links={links} self={loaderData.self} origin={origin} />
          {lead.delivery === "pending" && (
            <OwnerForm intent="resend">
              <button type="submit" className="btn-secondary">
                Send e-mail again
              </button>
              {errorFor("resend") && <p className="field-error">{errorFor("resend")}</p>}
            </OwnerForm>
          )}
          <CustomerPageLink leadId={lead.id} url={loaderData.customerPage} />
          <section aria-labelledby="status-heading" className="space-y-3">
            <h3 id="status-heading" className="text-lg">
              Status
            </h3>
            <p className="text-muted">It follows what happens; change it here by hand.</p>
            <OwnerForm intent="status" className="space-y-3">
              <StatusChoice current={lead.status} error={errorFor("status")} />
              <button type="submit" className="btn-primary">
                Save status
              </button>
            </OwnerForm>
          </section>
        </CardSection>

        <CardSection title="History" id="history-heading" fold={{ open: false, summary: plural(history.length + 1, "entry").replace("entrys", "entries") }}>
          <AuditList label="Changes, newest first" entries={history}>
            <li>
              <time dateTime={lead.createdAt} className="text-muted">
                {exactTime(lead.createdAt)}
              </time>
              : {lead.name} sent the request
            </li>
          </AuditList>
        </CardSection>

        <CardSection title="Delete" id="delete-heading">
          <DeleteRequest id={lead.id} name={lead.name} asking={confirmDelete} invoiced={loaderData.invoiced} visits={loaderData.upcoming} told={loaderData.canTell} />
        </CardSection>
      </div>
    </>
  );
}
