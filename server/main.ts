/**
 * The production server, started by server/index.ts. Reads and checks the settings, loads the build, serves,
 * and shuts down cleanly on SIGTERM or SIGINT.
 */
import { rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { aliasPaths, canonicalPaths, contentFiles, fileContent } from "../app/content/index.ts";
import { MigrationFailed } from "../app/lib/db/database.server.ts";
import { databaseFile, SERVER_PID_FILE, UPLOADS_IN_PROGRESS } from "../app/lib/db/files.server.ts";
import { LeadStore } from "../app/lib/requests/leads.server.ts";
import { mailTransport } from "../app/lib/mail/mailer.server.ts";
import { ownerMailHandler, queueWaitingOwnerMail } from "../app/lib/requests/notify.server.ts";
import { reviewHandlers } from "../app/lib/reviews/mail.server.ts";
import { scheduleWeeklySummary, weeklySummaryHandler } from "../app/lib/insights/weekly-summary.server.ts";
import { forgetRequestsHandler, scheduleForgetting } from "../app/lib/requests/forget.server.ts";
import { rearrangeHandler } from "../app/lib/visits/rearrange.server.ts";
import { ownerToldHandler } from "../app/lib/visits/owner-told.server.ts";
import { expireDue } from "../app/lib/quotes/quotes.server.ts";
import { acknowledgementHandler } from "../app/lib/requests/acknowledge.server.ts";
import { JobRunner } from "../app/lib/jobs/jobs.server.ts";
import { replanHeldJobs } from "../app/lib/jobs/held-to-opening.server.ts";
import type { HoursNow } from "../app/lib/time/opening-hours.ts";
import { Turns } from "../app/lib/jobs/visitors-first.ts";
import { reminderHandler } from "../app/lib/requests/follow-ups.server.ts";
import { pushHandler, vapidKeys } from "../app/lib/jobs/push.server.ts";
import { quoteHandlers } from "../app/lib/quotes/jobs.server.ts";
import { invoiceHandlers } from "../app/lib/invoices/jobs.server.ts";
import { replanVisitReminders, visitHandlers } from "../app/lib/visits/jobs.server.ts";
import { loadContent, type Content } from "../app/content/load.ts";
import { closureShows } from "../app/lib/public-site/site-data.ts";
import { applyEdits } from "../app/lib/site/edits.ts";
import { placeholders } from "../app/lib/site/placeholders.ts";
import { loadPictures, UPLOADS_DIR } from "../app/lib/site/pictures.server.ts";
import { liveVersion } from "../app/lib/site/versions.server.ts";
import { createApp } from "./app.ts";
import { countVisits } from "./visits.ts";
import { createPublisher } from "./publish.ts";
import { readSettings, SettingsError, type Settings } from "./config.ts";
import { createRateLimiter, tooManyRequestsPage } from "./rate-limit.ts";
import { loadStaticSite } from "./static-site.ts";
import { removeStrayPhotos } from "../app/lib/requests/photo-store.server.ts";

function settingsOrExit(): Settings {
  try {
    return readSettings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
}
const settings = settingsOrExit();
process.env.DATA_DIR = settings.dataDir;
process.env.SITE_URL = settings.siteUrl;

const root = path.resolve(import.meta.dirname, "..");
const build = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as ServerBuild;
const clientDir = path.join(root, "build/client");
const pagePaths = [...canonicalPaths(), ...aliasPaths()];
const site = await loadStaticSite(clientDir, pagePaths);
function storeOrExit() {
  try {
    return new LeadStore(databaseFile(settings.dataDir));
  } catch (error) {
    if (error instanceof MigrationFailed) console.error(`Cannot start: ${error.message}`);
    else console.error(`Cannot start: DATA_DIR "${settings.dataDir}" cannot hold the requests database (${error instanceof Error ? error.message : error})`);
    process.exit(1);
  }
}
const store = storeOrExit();
removeStrayPhotos(store);

// The owner's published edits (app/lib/site/): their pages replace the build's, rendered again
// first when this build is new to them. Edits the content files no longer accept are reported,
// and the site then shows the files, until the owner publishes again.
const pictures = loadPictures(store);
// What an action calls once it queued work: the background work runs now, not at its next tick.
// The runner is made further down; until then there is nothing to wake.
const wakers: (() => void)[] = [];
// Every request counts as a visitor waiting: background work takes turns behind them.
const turns = new Turns();
const wake = () => wakers.forEach((wakeOne) => wakeOne());
// The content the owner published, else the files: what every request, e-mail and reminder says
// from the moment its version goes live. A preview or a publish renders with a draft of its own.
let contentNow: Content = fileContent;
const business = () => contentNow.business;
// The reminders and follow-ups waiting for opening time are planned again by each version's hours.
// A failure here is logged: the version is live all the same, and each job reads the hours again as it runs.
const goneLive = (content: Content) => {
  contentNow = content;
  try {
    if (store.inTransaction(() => replanHeldJobs(store.db, content.business.openingHours) + replanVisitReminders(store.db, content.business.openingHours))) wake();
  } catch (error) {
    console.error(`Planning the reminders again by the new opening hours failed: ${error instanceof Error ? error.message : error}`);
  }
};
const publisher = createPublisher({ build, clientDir, dataDir: settings.dataDir, site, pagePaths, origin: settings.siteUrl, onLive: goneLive, pictures });
const published = liveVersion(store);
let publishedContent: Content | undefined;
if (published) {
  try {
    publishedContent = loadContent(applyEdits(contentFiles, published.edits));
  } catch (error) {
    console.error(`The site's published version ${published.id} no longer passes the content checks; serving the content files until the owner publishes again:\n${error instanceof Error ? error.message : error}`);
  }
}
await publisher.loadAtStart(published && publishedContent ? { id: published.id, content: publishedContent } : undefined);
// A closure notice goes by itself: once its last day is over, the live version is rendered again
// without it (checked every quarter of an hour, so it is gone soon after midnight).
const CLOSURE_CHECK_MS = 15 * 60_000;
async function endClosureNotice() {
  try {
    // Read in the publisher's turn: a publish under way goes first, and is never undone by this.
    let until = "";
    const ended = await publisher.renderAgain(() => {
      const live = liveVersion(store);
      const closure = business().closure;
      if (!live || !closure || closureShows(closure)) return undefined;
      const home = site.files.get("/")?.body.toString("utf8") ?? "";
      if (!home.includes('aria-label="Closure notice"')) return undefined;
      until = closure.until;
      return { id: live.id, content: loadContent(applyEdits(contentFiles, live.edits)) };
    });
    if (ended !== undefined) console.log(`The closure notice ended on ${until}: the pages were rendered again without it`);
  } catch (error) {
    console.error(`Rendering the pages again after the closure notice failed: ${error instanceof Error ? error.message : error}`);
  }
}
await endClosureNotice();
const closureCheck = setInterval(() => void endClosureNotice(), CLOSURE_CHECK_MS);
closureCheck.unref();
// Before launch, the site must not still show the content files' sample facts.
if (process.env.NODE_ENV === "production") {
  const found = placeholders(contentNow, contentFiles);
  if (found.length) console.warn(`The site still holds placeholders (change them at /admin/site or in app/content/):\n${found.map(({ text }) => `  - ${text}`).join("\n")}`);
}
// The one mailer: one SMTP transport for every e-mail, each sent by the queue's handlers.
const outgoing =
  settings.smtpUrl && settings.leadsNotifyTo
    ? {
        transport: mailTransport(settings.smtpUrl),
        from: { name: business().name, address: settings.leadsNotifyFrom ?? settings.leadsNotifyTo.split(",")[0]!.trim() },
        ownerTo: settings.leadsNotifyTo,
      }
    : undefined;
// Requests a version before the queue left waiting for their e-mail get their row in it.
if (outgoing) queueWaitingOwnerMail(store.db);
// The background work: every e-mail (the owner's, the visitor's acknowledgement, quotes, review
// requests, visits, invoices), the pushes to the owner's devices, the reminders. It lives in the database, so work
// queued before a restart (or a kill mid-send) is done after it. What waits for opening time
// reads the hours published when it falls due.
const hoursNow: HoursNow = () => business().openingHours;
const jobs = new JobRunner(
  store,
  {
    ...ownerMailHandler(store, business, settings.siteUrl, outgoing),
    ...acknowledgementHandler(store, business, settings.siteUrl, outgoing),
    ...pushHandler(store, { keys: vapidKeys(store.db), subject: process.env.VAPID_SUBJECT || `mailto:${business().email}` }),
    ...reminderHandler(store, hoursNow),
    ...quoteHandlers(store, business, settings.siteUrl, hoursNow, outgoing),
    ...invoiceHandlers(store, business, settings.siteUrl, hoursNow, outgoing),
    ...reviewHandlers(store, business, settings.siteUrl, outgoing),
    ...visitHandlers(store, business, settings.siteUrl, hoursNow, outgoing),
    ...rearrangeHandler(store, business, settings.siteUrl, outgoing),
    ...ownerToldHandler(store, business, settings.siteUrl, outgoing),
    ...weeklySummaryHandler(store, business, settings.siteUrl, outgoing),
    ...forgetRequestsHandler(store),
  },
  { retryBaseMs: settings.retryBaseMs, turns },
);
wakers.push(() => void jobs.runDue());
// The weekly summary: this Monday's (when today is one and it was not sent) and the next, once each.
scheduleWeeklySummary(store.db, new Date());
// Each night, the customers of requests last in touch over 24 months ago are forgotten (lib/requests/retention.ts).
scheduleForgetting(store.db, new Date());
jobs.start(settings.jobsPollMs);
// Quotes past their valid-until day become Expired (their links refuse answers from that moment).
const EXPIRY_CHECK_MS = 60_000;
/** A check that fails (the database busy past its wait) is said and tried again next minute, never the end of the server. */
function expireQuotesDue() {
  try {
    expireDue(store);
  } catch (error) {
    console.error(`Marking quotes past their day as Expired failed; tried again in a minute: ${error instanceof Error ? error.message : error}`);
  }
}
expireQuotesDue();
const expiry = setInterval(expireQuotesDue, EXPIRY_CHECK_MS);
expiry.unref();
// Page views, counted on the server as aggregates only (COUNT_VISITS=0: nothing counted).
const visits = settings.countVisits ? countVisits(store, turns) : undefined;
const limiter = createRateLimiter({ limit: settings.formRateLimit, windowMs: 60_000 });
const signInLimiter = createRateLimiter({ limit: settings.signInRateLimit, windowMs: 60_000 });

const app = createApp({
  site,
  build,
  services: { store, publisher, mail: outgoing, ownerMail: Boolean(outgoing), ackHourlyCap: settings.ackHourlyCap, wake, content: () => contentNow, pictures },
  allowPost: limiter.allow,
  allowSignIn: signInLimiter.allow,
  healthy: () => store.healthy(),
  trustProxy: settings.trustProxy,
  // Made for each refusal from the facts published now, so a phone change reaches it too.
  tooManyRequestsPage: () => tooManyRequestsPage(business()),
  uploadDir: path.join(store.photosDir, UPLOADS_IN_PROGRESS),
  picturesDir: path.join(settings.dataDir, UPLOADS_DIR),
  served: visits?.served,
});
const server = createServer((request, response) => {
  turns.visitor();
  app(request, response);
});
server.keepAliveTimeout = 5_000;
server.headersTimeout = 10_000;
// Long enough for 50 MB of photos from a phone on a slow connection; headersTimeout still
// closes a connection that never sends its request line and headers.
server.requestTimeout = 300_000;

const pidFile = path.join(settings.dataDir, SERVER_PID_FILE);
server.listen(settings.port, settings.host, () => {
  writeFileSync(pidFile, String(process.pid));
  console.log(`Serving on http://${settings.host === "0.0.0.0" ? "localhost" : settings.host}:${settings.port}`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in flight, then stopping`);
  limiter.stop();
  signInLimiter.stop();
  clearInterval(expiry);
  clearInterval(closureCheck);
  server.close(async () => {
    await jobs.stop();
    await visits?.stop();
    outgoing?.transport.close();
    store.close();
    rmSync(pidFile, { force: true });
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
  }, 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
