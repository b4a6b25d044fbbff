import { makeBookingToken } from "../links/booking-tokens.server.ts";
import { queueLeadFollowUps } from "../requests/follow-ups.server.ts";
import type { Lead, NewLead } from "../requests/lead.ts";
import { removePhotoFiles, writePhotos, type PreparedPhoto, type StoredPhoto } from "../photos/photos.server.ts";
import type { Services } from "../services/services.ts";

/**
 * Stores a request with its photos and the work it sets going (the owner's push, the visitor's
 * acknowledgement, the reminders), then wakes the background work that e-mails and pushes it.
 * The photos' files are written first and the request's row and theirs are committed together,
 * so a failure keeps neither. Returns the stored request, or undefined when it could not be
 * stored (the caller tells the visitor to call instead). With it, the one-time token its thank-you
 * page books a survey with (links/booking-tokens.server.ts), made in the same transaction.
 */
export async function recordLead(services: Services, lead: NewLead, photos: PreparedPhoto[] = []): Promise<(Lead & { bookingToken: string }) | undefined> {
  const { store } = services;
  let written: StoredPhoto[] = [];
  let stored: Lead;
  let bookingToken = "";
  try {
    written = await writePhotos(photos, store.photosDir);
    stored = await store.save(lead, {
      notify: services.ownerMail,
      photos: written,
      alongside: (row) => {
        queueLeadFollowUps(store.db, row, services.content().business.openingHours, { mail: Boolean(services.mail), hourlyCap: services.ackHourlyCap });
        bookingToken = makeBookingToken(store.db, row.id, new Date(row.createdAt));
      },
    });
  } catch (error) {
    await removePhotoFiles(written, store.photosDir);
    console.error("Could not store a request:", error instanceof Error ? error.message : error);
    return undefined;
  }
  services.wake();
  return { ...stored, bookingToken };
}
