/**
 * The photos a quote request may carry: the limits and the words that state them, in one place
 * for the form, the upload parser and the server's checks (`photos.server.ts`).
 */
export const MAX_PHOTOS = 5;
export const MAX_PHOTO_MB = 10;

/** What the field accepts: the form's `accept` list; the server checks each file's content. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** The visitor's messages, word for word from the issue. */
export const PHOTO_MESSAGES = {
  notPicture: "Photos must be JPEG, PNG or WebP pictures",
  tooLarge: `Each photo must be ${MAX_PHOTO_MB} MB or smaller`,
  tooMany: `Please send at most ${MAX_PHOTOS} photos`,
} as const;

export const PHOTO_HINT = `A picture of the roof helps us quote. Up to ${MAX_PHOTOS} photos, JPEG, PNG or WebP, ${MAX_PHOTO_MB} MB each.`;
