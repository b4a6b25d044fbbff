/**
 * On every signed-in owner page: registers the owner's service worker (scope /admin, the inbox included, and nothing else; the
 * public pages never get one) and, with signal, asks it to keep the pages the owner needs with
 * no signal (app/lib/owner/keep-pages.ts). It asks on load, when the signal comes back, and
 * every minute the page is open; the worker itself keeps at most once every 5 minutes.
 */
async function keepPages() {
  if (!("serviceWorker" in navigator)) return;
  await navigator.serviceWorker.register("/admin/sw.js", { scope: "/admin" });
  const registration = await navigator.serviceWorker.ready;
  const ask = () => {
    if (navigator.onLine) registration.active?.postMessage({ type: "keep" });
  };
  ask();
  addEventListener("online", ask);
  setInterval(ask, 60_000);
}

keepPages().catch((error: unknown) => console.error(error));
