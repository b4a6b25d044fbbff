/**
 * Photos of the job (issue 37 §1): the stages a photo is kept under, the limits of an upload and
 * the owner's words for them, in one place for the request's page and the server's checks.
 */
export const STAGES = ["survey", "before", "during", "after"] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_NAMES: Record<Stage, string> = { survey: "Survey", before: "Before", during: "During", after: "After" };

/** At most this many photos in one upload, of at most this size each. */
export const MAX_JOB_PHOTOS = 20;
export const MAX_JOB_PHOTO_MB = 25;
export const CAPTION_MAX = 140;

/** The answer a photo's Delete for good posts: a bare or replayed Delete only asks again. */
export const PHOTO_DELETE_CONFIRMED = { name: "confirmed", value: "delete-photo" } as const;

/** Why a photo of an upload was not kept, each said at the Add photos field with the file's name. */
export const JOB_PHOTO_REFUSALS = {
  heic: "This photo is in a format we cannot open: in your camera settings choose Most Compatible",
  notPicture: "This file is not a photo we can open: choose a JPEG, PNG or WebP picture",
  tooLarge: `This photo is larger than ${MAX_JOB_PHOTO_MB} MB: choose a smaller one`,
  tooMany: `At most ${MAX_JOB_PHOTOS} photos at a time: the first ${MAX_JOB_PHOTOS} were taken, add the rest next`,
} as const;
export type JobPhotoRefusal = keyof typeof JOB_PHOTO_REFUSALS;

export const isRefusal = (code: string): code is JobPhotoRefusal => Object.hasOwn(JOB_PHOTO_REFUSALS, code);

/**
 * The stage ticked on the Add photos form. While no quote has been sent the roofer is surveying:
 * the last stage used, or Survey. Once a quote is sent the survey is over: the last stage used
 * unless that was Survey, else Before.
 */
export function defaultStage(lastUsed: Stage | undefined, quoteSent: boolean): Stage {
  if (!quoteSent) return lastUsed ?? "survey";
  return lastUsed && lastUsed !== "survey" ? lastUsed : "before";
}

/** A photo's alt text: its caption, else its stage and place ("Survey photo 3"). */
export function photoAlt(photo: { caption: string; stage: Stage }, position: number): string {
  return photo.caption || `${STAGE_NAMES[photo.stage]} photo ${position}`;
}

/** Whether the customer's page shows a photo of this stage unless the owner says otherwise: Survey and After yes, Before and During no. */
export const shownByDefault = (stage: Stage) => stage === "survey" || stage === "after";

/** What the customer's page asks once the job is done (issue 37 §4). */
export const CONSENT_QUESTION = "May we show photos of your roof on our website? We never show your address or house number.";

/** What the request's page says where Put in the gallery would be, without the customer's Yes. */
export const NO_CONSENT = "The customer has not agreed to their photos being shown.";
