/** What the passkey pages say, where both a page and an action say it. */

/** A passkey form posted without its script (the browser's ceremony needs it). */
export const NEEDS_JAVASCRIPT = "Passkeys need JavaScript. Turn it on for this site, then press the button again.";

/** Said wherever the last passkey cannot be removed: how the owner gets in again. */
export const LAST_PASSKEY =
  "This is your only passkey, so it cannot be removed: you would be locked out. Add another device first, or, if this one is lost, ask whoever looks after your server for a new invite link.";
