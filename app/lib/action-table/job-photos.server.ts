/**
 * A request's photos of the job (issue 37 §1, decision 35): Add photos (`job-photo.add`), a
 * multipart form whose files the server took one by one, a photo's stage, caption and Show to customer changed
 * (`job-photo.save`), and a photo's Delete (`job-photo.delete`), which asks first. They stand in the table's room beside the request
 * page's other actions, the photos' room being a common room below the one way in.
 *
 * The photos are made and written in `prepare`, before the transaction that keeps their rows,
 * their audit line and the form's key; files whose rows were not committed are removed in
 * `after`. A photo refused (a HEIC that cannot be read, a file too large, one past the twentieth)
 * is named at the Add photos field, and the good ones of the same upload are kept.
 */
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo } from "../actions/define.ts";
import { recordAudit } from "../db/audit.server.ts";
import { text } from "../forms/parse-form.ts";
import { CAPTION_MAX, JOB_PHOTO_REFUSALS, PHOTO_DELETE_CONFIRMED, STAGES, type JobPhotoRefusal } from "../photos/job-photos.ts";
import { deleteJobPhotoRow, insertJobPhotos, jobPhotoOf, makeJobPhotos, removeJobPhotoFiles, updateJobPhoto, writeJobPhotos, type WrittenJobPhoto } from "../photos/job-photos.server.ts";
import { setShownToCustomer } from "../photos/customer-photos.server.ts";
import { gone, requestForms, requestPage } from "../requests/page.server.ts";

const plural = (n: number) => `${n} photo${n === 1 ? "" : "s"}`;

/** Why each refused file was not kept, as the page says it at the field (the file's name first). */
export const refusalWords = (refused: readonly { name: string; why: JobPhotoRefusal }[]) => refused.map(({ name, why }) => (name ? `${name}: ${JOB_PHOTO_REFUSALS[why]}` : JOB_PHOTO_REFUSALS[why]));

/** The refused files, carried in the page's address after a change so the page names them (`refused=heic:IMG_0412.HEIC`). */
const refusedQuery = (refused: readonly { name: string; why: JobPhotoRefusal }[]) => refused.map(({ name, why }) => `&refused=${encodeURIComponent(`${why}:${name}`)}`).join("");

const STAGE = z.pipe(text(), z.enum(STAGES, "Choose the stage: Survey, Before, During or After."));
const CAPTION = text(z.trim(), z.maxLength(CAPTION_MAX, `A caption can be at most ${CAPTION_MAX} characters.`));

type Prepared = { written: WrittenJobPhoto[]; refused: { name: string; why: JobPhotoRefusal }[]; photosDir: string };

export const jobPhotoAdd = defineAction({
  ...requestForms,
  name: "job-photo.add",
  intent: "add-photos",
  schema: z.object({ stage: STAGE, caption: CAPTION }),
  prepare: async (_, { upload, store }): Promise<Prepared> => {
    const { made, refused } = await makeJobPhotos(upload);
    return { written: await writeJobPhotos(store.photosDir, made), refused, photosDir: store.photosDir };
  },
  after: ({ written, photosDir }, committed) => {
    if (!committed) removeJobPhotoFiles(photosDir, written.map((photo) => photo.id));
  },
  apply: ({ stage, caption }, { store, target, actor, now }, { written, refused }) => {
    if (written.length === 0) {
      const photos = refused.length ? refusalWords(refused).join("\n") : "Choose the photos to add, or take them.";
      return answer({ errors: { photos }, values: { stage, caption } });
    }
    insertJobPhotos(store, target, written, { stage, caption, now });
    recordAudit(store, { actor, action: `added ${plural(written.length)} of the job`, leadId: target, now });
    return done(`${requestPage(target)}?saved=photos&added=${written.length}${refusedQuery(refused)}#job-photos`);
  },
});

/** The stage and caption of one photo, changed under it; a refusal is said at that photo's caption. */
export const jobPhotoSave = defineAction({
  ...requestForms,
  name: "job-photo.save",
  intent: "save-photo",
  schema: z.object({ photo: text(z.trim()), stage: STAGE, caption: CAPTION }),
  refused: (errors, form) => ({ errors: { [`photo-${String(form.get("photo") ?? "")}`]: errors.caption ?? errors.stage ?? errors.photo } }),
  apply: ({ photo: id, stage, caption }, { store, target, actor, now, form }) => {
    const photo = jobPhotoOf(store, target, id);
    if (!photo) return gone();
    updateJobPhoto(store, photo.id, { stage, caption });
    // Show to customer, a checkbox: its form says it carries one (`shown-set`), so a post without it leaves it be.
    if (form.has("shown-set")) setShownToCustomer(store, photo.id, form.get("shown") === "on");
    recordAudit(store, { actor, action: "changed a photo of the job", leadId: target, now });
    return done(`${requestPage(target)}#job-photos`, "photo-saved");
  },
});

export const jobPhotoDelete = defineAction({
  ...requestForms,
  name: "job-photo.delete",
  intent: "delete-photo",
  // Only the question's own button deletes: a bare or replayed Delete asks the question again.
  schema: z.object({ photo: text(z.trim()), confirmed: z.pipe(text(), z.transform((value) => value === PHOTO_DELETE_CONFIRMED.value)) }),
  prepare: async ({ photo }, { store }) => ({ id: photo, photosDir: store.photosDir }),
  after: ({ id, photosDir }, committed) => {
    if (committed) removeJobPhotoFiles(photosDir, [id]);
  },
  apply: ({ photo: id, confirmed }, { store, target, actor, now }) => {
    const photo = jobPhotoOf(store, target, id);
    if (!photo) return gone();
    if (!confirmed) return redirectTo(`${requestPage(target)}?delete-photo=${photo.id}#job-photos`);
    deleteJobPhotoRow(store, photo.id);
    recordAudit(store, { actor, action: "deleted a photo of the job", leadId: target, now });
    return done(`${requestPage(target)}#job-photos`, "photo-deleted");
  },
});

export const JOB_PHOTO_ACTIONS = [jobPhotoAdd, jobPhotoSave, jobPhotoDelete];
