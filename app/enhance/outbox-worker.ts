/**
 * Not a page's script: the owner's service worker imports it (lib/owner/service-worker.ts) to send
 * the outbox itself when the browser wakes it for Background Sync and no owner page is open
 * (lib/owner/keep-pages.ts). It reads the outbox from IndexedDB as a page does and sends it the
 * same way (lib/offline/send-outbox.ts).
 */
import { sendOutbox, wordsOfHtml } from "~/lib/offline/send-outbox.ts";

(self as unknown as { ownerOutbox: { send(): Promise<unknown> } }).ownerOutbox = { send: () => sendOutbox({ wordsOfPage: wordsOfHtml }) };
