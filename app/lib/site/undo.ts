/** What Undo's question's own button carries: a restore without it only asks the question. */
export const restoreConfirmation = (version: number) => `version-${version}`;
