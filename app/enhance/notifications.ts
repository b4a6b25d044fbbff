/**
 * Turning on notifications on the owner's device: the one part of the Notifications page that
 * needs a script. Where the browser can receive pushes, it shows the button in place of the line
 * saying it cannot; a press asks for permission, registers the owner's service worker (scope
 * /admin only: the public pages never get one), subscribes with the server's VAPID key and posts
 * the subscription in the form, which the server stores and answers with the page again.
 */
import { registerOwnerWorker } from "~/lib/owner/register-worker.ts";

/** The VAPID key as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function enhance(form: HTMLFormElement) {
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!supported) return;
  const unavailable = document.querySelector<HTMLElement>("[data-push-unavailable]");
  const blocked = document.querySelector<HTMLElement>("[data-push-blocked]");
  const button = form.querySelector("button")!;
  unavailable?.setAttribute("hidden", "");
  form.hidden = false;
  if (Notification.permission === "denied" && blocked) blocked.hidden = false;

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        if (blocked) blocked.hidden = false;
        blocked?.focus();
        return;
      }
      const registration = await registerOwnerWorker();
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(form.dataset.publicKey!) }));
      form.querySelector<HTMLInputElement>("input[name=subscription]")!.value = JSON.stringify(subscription);
      form.submit();
    } catch (error) {
      console.error(error);
      if (unavailable) {
        unavailable.textContent = "This browser could not turn notifications on. Try again, or use another browser.";
        unavailable.hidden = false;
      }
    } finally {
      button.disabled = false;
    }
  });
  form.dataset.enhanced = "";
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-push-subscribe]")) enhance(form);
