import { site } from "../content/index.ts";
import { wakeJobs } from "./jobs.server.ts";
import { queueLeadFollowUps } from "./lead-follow-ups.server.ts";
import type { Lead, LeadStore, NewLead } from "./leads.server.ts";
import { notifierEnabled, wakeNotifier } from "./notify.server.ts";
import { removePhotoFiles, writePhotos, type PreparedPhoto, type StoredPhoto } from "./photos.server.ts";

/**
 * Stores a request with its photos and the work it sets going (the owner's push, the visitor's
 * acknowledgement, the reminders), then asks for it to be e-mailed. The photos' files are
 * written first and the request's row and theirs are committed together, so a failure keeps
 * neither. Returns the stored request, or undefined when it could not be stored (the caller
 * tells the visitor to call instead).
 */
export async function recordLead(store: LeadStore, lead: NewLead, photos: PreparedPhoto[] = []): Promise<Lead | undefined> {
  let written: StoredPhoto[] = [];
  let stored: Lead;
  try {
    written = await writePhotos(photos, store.photosDir);
    stored = await store.save(lead, {
      notify: notifierEnabled(),
      photos: written,
      alongside: (row) => queueLeadFollowUps(store.db, row, site.openingHours),
    });
  } catch (error) {
    await removePhotoFiles(written, store.photosDir);
    console.error("Could not store a request:", error instanceof Error ? error.message : error);
    return undefined;
  }
  wakeNotifier();
  wakeJobs();
  return stored;
}
