/**
 * What the customer has to say about the photos of their roof (issue 37 §3–§4, decision 35): the
 * photos of the job their page shows (Survey and After unless the owner unticked them, Before and
 * During only when he ticked Show to customer), served through their page's link alone; and their
 * answer to whether the business may show photos of their roof on its website, with its time.
 */
import path from "node:path";
import type { Db } from "../db/connection.server.ts";
import { statement } from "../db/statements.ts";
import { jobPhotoFile, jobPhotosDir, jobPhotosOf, SIZES, type JobPhoto, type Size } from "./job-photos.server.ts";
import { shownByDefault } from "./job-photos.ts";

/** Whether the customer's page shows a photo: the owner's tick, else its stage's default. */
export const isShown = (photo: Pick<JobPhoto, "stage"> & { shownToCustomer: boolean | null }) => photo.shownToCustomer ?? shownByDefault(photo.stage);

/** Each photo of a request with whether the owner set Show to customer (null: left as its stage says). */
export function shownSettingsOf(store: Db, leadId: number): Map<string, boolean | null> {
  const rows = statement(store.db, "SELECT id, shown_to_customer AS shown FROM job_photos WHERE lead_id = ?").all(leadId) as { id: string; shown: number | null }[];
  return new Map(rows.map((row) => [row.id, row.shown === null ? null : row.shown === 1]));
}

/** The photos of the job the customer's page shows, in the order taken. */
export function photosForCustomer(store: Db, leadId: number): JobPhoto[] {
  const shown = shownSettingsOf(store, leadId);
  return jobPhotosOf(store, leadId).filter((photo) => isShown({ stage: photo.stage, shownToCustomer: shown.get(photo.id) ?? null }));
}

/** Sets a photo's Show to customer, inside the open transaction. */
export function setShownToCustomer(store: Db, id: string, shown: boolean) {
  statement(store.db, "UPDATE job_photos SET shown_to_customer = ? WHERE id = ?").run(shown ? 1 : 0, id);
}

/** The file of a photo the customer's page shows, in one size; undefined for any other. */
export function customerPhotoPath(store: Db, photosDir: string, leadId: number, id: string, size: string): string | undefined {
  if (!Object.hasOwn(SIZES, size)) return undefined;
  const photo = photosForCustomer(store, leadId).find((shown) => shown.id === id);
  return photo && path.join(jobPhotosDir(photosDir), jobPhotoFile(photo.id, size as Size));
}

export type ConsentAnswer = "yes" | "no";

/** The customer's answer to showing photos of their roof on the website, or null while not asked or not answered. */
export function photoConsentOf(store: Db, leadId: number): { answer: ConsentAnswer; answeredAt: string } | null {
  const row = statement(store.db, "SELECT answer, answered_at AS answeredAt FROM photo_consents WHERE lead_id = ?").get(leadId) as { answer: ConsentAnswer; answeredAt: string } | undefined;
  return row ? { answer: row.answer, answeredAt: row.answeredAt } : null;
}

/** Keeps the customer's answer and its time, replacing an earlier one; false when it is the answer already kept. */
export function recordPhotoConsent(store: Db, leadId: number, answer: ConsentAnswer, now: Date): boolean {
  if (photoConsentOf(store, leadId)?.answer === answer) return false;
  statement(store.db, "INSERT INTO photo_consents (lead_id, answer, answered_at) VALUES (?, ?, ?) ON CONFLICT (lead_id) DO UPDATE SET answer = excluded.answer, answered_at = excluded.answered_at").run(leadId, answer, now.toISOString());
  return true;
}

/** Whether the customer said Yes to their photos being shown on the website. */
export const customerSaidYes = (store: Db, leadId: number) => photoConsentOf(store, leadId)?.answer === "yes";
