/**
 * E-mails each stored request to the business. A request is stored first; this only reports it.
 * A failed send leaves it "pending" and it is tried again later, with a growing pause, so an
 * e-mail outage never loses a request (it stays visible in `npm run leads`).
 */
import type { Transporter } from "nodemailer";
import type { Lead } from "./requests/lead.ts";
import type { LeadStore } from "./leads.server.ts";
import { mailTransport, oneLine } from "./mailer.server.ts";
import { photoForMail } from "./photos.server.ts";
import { Passes, type Turns } from "./visitors-first.ts";
import { photoPath, photosOf } from "./requests/photo-store.server.ts";

export interface MailSettings {
  smtpUrl: string;
  to: string;
  from?: string;
  /** The business name, for the sender's display name. */
  businessName: string;
  /** First pause after a failed send; doubles each time, up to an hour. */
  retryBaseMs?: number;
  /** The process's turns between visitors and background work (its own when not given). */
  turns?: Turns;
}

export function leadEmail(lead: Lead, settings: MailSettings, photos: Buffer[] = []) {
  const kind = lead.form === "quote" ? "quote request" : "contact request";
  const place = lead.form === "quote" ? "Property address" : "Postcode";
  const text = [
    `New ${kind} from the website (${lead.page}), ${lead.createdAt}.`,
    "",
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    `Phone: ${lead.phone}`,
    `${place}: ${lead.location || "(not given)"}`,
    "",
    "Message:",
    lead.message,
    "",
    ...(photos.length ? [`Photos: ${photos.length} attached.`, ""] : []),
    `Reply to this e-mail to answer ${lead.name} directly. Request number ${lead.id}.`,
  ].join("\n");
  return {
    from: { name: `${oneLine(settings.businessName)} website`, address: settings.from ?? settings.to.split(",")[0]!.trim() },
    to: settings.to,
    replyTo: { name: oneLine(lead.name), address: oneLine(lead.email) },
    subject: `New ${kind} from ${oneLine(lead.name)}`,
    text,
    attachments: photos.map((content, i) => ({ filename: `photo-${i + 1}.jpg`, content, contentType: "image/jpeg" })),
  };
}

export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export class LeadNotifier {
  private readonly transport: Transporter;
  private readonly passes: Passes;
  private timer: NodeJS.Timeout | undefined;
  private readonly store: LeadStore;
  private readonly settings: MailSettings;

  constructor(store: LeadStore, settings: MailSettings) {
    this.store = store;
    this.settings = settings;
    this.transport = mailTransport(settings.smtpUrl);
    // A full pass may have left more due (a burst): the next pass takes them.
    this.passes = new Passes(() => this.pass(), settings.turns);
  }

  /**
   * Sends every request that is due, in passes that give way to visitors (visitors-first.ts). A
   * call during a run asks for one more pass after it, so a request stored meanwhile is not left
   * for the next timer tick.
   */
  deliverDue(): Promise<void> {
    return this.passes.run();
  }

  /** Sends up to a pass's worth of due requests; true when it took as many as it could. */
  private async pass(): Promise<boolean> {
    const limit = 10;
    const base = this.settings.retryBaseMs ?? 30_000;
    // What the pass learnt is written in one transaction at its end: one disk flush for ten
    // e-mails, not one each, while visitors' requests are being stored.
    const outcomes: (() => void)[] = [];
    const due = this.store.due(new Date(), limit);
    for (const lead of due) {
      try {
        await this.transport.sendMail(leadEmail(lead, this.settings, await this.photosForMail(lead)));
        outcomes.push(() => this.store.markSent(lead.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        outcomes.push(() => this.store.markFailed(lead.id, message, new Date(Date.now() + retryDelayMs(lead.attempts + 1, base))));
        console.error(`E-mail for request ${lead.id} failed (${message}); it stays stored and will be retried`);
      }
    }
    if (outcomes.length) this.store.inTransaction(() => outcomes.forEach((record) => record()));
    return due.length === limit;
  }

  /** The request's photos, made small enough to attach; a photo deleted meanwhile is left out. */
  private async photosForMail(lead: Lead): Promise<Buffer[]> {
    const photos: Buffer[] = [];
    for (const photo of photosOf(this.store, lead.id)) {
      const file = photoPath(this.store, photo.id);
      if (file) photos.push(await photoForMail(file).catch(() => Buffer.alloc(0)));
    }
    return photos.filter((photo) => photo.length > 0);
  }

  /** Checks for due requests every `intervalMs` (retries) as well as when woken. */
  start(intervalMs = 5_000) {
    this.timer = setInterval(() => void this.deliverDue(), intervalMs);
    this.timer.unref();
    void this.deliverDue();
  }

  /** Stops after the pass under way (what is still due waits in the database for the next start). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.passes.stop();
    this.transport.close();
  }
}
