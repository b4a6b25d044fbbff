/** What the request page's forms and their actions share: the note's limit and Delete's answer. */
export const NOTE_MAX = 2000;

/** The answer a request's Delete for good posts: a bare or replayed Delete only asks again. */
export const DELETE_CONFIRMED = { name: "confirmed", value: "delete-for-good" } as const;
