/**
 * The owner's service worker, served at /admin/sw.js with scope /admin. It does two things:
 * shows a notification for every push it receives (browsers revoke a subscription whose pushes
 * are not shown), and opens the request a tapped notification names, focusing an owner window
 * that is already open. It also keeps the owner's pages for a time with no signal, under the
 * session that kept them, and sends the outbox on Background Sync (keep-pages.ts, issue 36).
 */
import scripts from "~/enhance/scripts.generated.json" with { type: "json" };
import { keepPages } from "./keep-pages.ts";

/** The worker's code, written as a function so that it is type-checked, and served as its text. */
function ownerServiceWorker(self: ServiceWorkerScope) {
  self.addEventListener("install", () => void self.skipWaiting());
  self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

  self.addEventListener("push", (event) => {
    let message: { title?: string; body?: string; url?: string; tag?: string };
    try {
      message = event.data ? event.data.json() : {};
    } catch {
      message = { body: event.data ? event.data.text() : "" };
    }
    event.waitUntil(
      self.registration.showNotification(message.title || "Kestrel Roofing", {
        body: message.body || "",
        tag: message.tag,
        icon: "/owner-app/icon-192.png",
        data: { url: message.url },
      }),
    );
  });

  self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const wanted = String(event.notification.data?.url ?? "");
    // Only a page of the owner's own area is ever opened from a notification.
    const url = new URL(/^\/admin(\/|$)/.test(wanted) ? wanted : "/admin", self.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
        const owner = windows.find((client) => new URL(client.url).pathname.startsWith("/admin"));
        if (owner) {
          const focused = await owner.focus();
          await focused.navigate(url).catch(() => self.clients.openWindow(url));
          return;
        }
        await self.clients.openWindow(url);
      })(),
    );
  });
}

/** The few parts of the service worker's global scope the worker uses. */
interface ServiceWorkerScope {
  addEventListener(type: "install", listener: () => void): void;
  addEventListener(type: "activate", listener: (event: { waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(
    type: "push",
    listener: (event: { data: { json(): never; text(): string } | null; waitUntil(work: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: "notificationclick",
    listener: (event: { notification: { close(): void; data?: { url?: unknown } }; waitUntil(work: Promise<unknown>): void }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  location: { origin: string };
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<{ url: string; focus(): Promise<{ navigate(url: string): Promise<unknown> }> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/**
 * The worker's text. As a module worker (register-worker.ts) it imports the outbox's sender, which
 * defines self.ownerOutbox, for Background Sync with no owner page open; as a classic one
 * (`classic`, for a browser without module workers) it goes without.
 */
export function serviceWorkerSource({ classic }: { classic: boolean }): string {
  return `${classic ? '"use strict";' : `import "${scripts["outbox-worker"]}";`}\n(${ownerServiceWorker.toString()})(self);\n(${keepPages.toString()})(self);\n`;
}
