/**
 * Registers the owner's service worker (scope /admin) as a module worker, which imports the
 * outbox's sender for Background Sync with no page open (decision 34). A browser that cannot run
 * a module worker gets the same worker as a classic script without that import: it keeps pages,
 * shows pushes, and on Background Sync tells an open page to send, as before.
 */
export function registerOwnerWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker
    .register("/admin/sw.js", { scope: "/admin", type: "module" })
    .catch(() => navigator.serviceWorker.register("/admin/sw.js?classic", { scope: "/admin" }));
}
