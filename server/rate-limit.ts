import type { Business } from "../app/content/schema.ts";

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a visitor over the limit sees: the spec's error notice, the number to call, a way back. */
export function tooManyRequestsPage(business: Business): string {
  const phone = escape(business.phone.display);
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please call us | ${escape(business.name)}</title></head><body><main><h1>Something went wrong. Please try calling us directly.</h1><p>We have had several requests from your connection in the last minute. Please call <a href="tel:${escape(business.phone.e164)}">${phone}</a>, or try again in a minute.</p><p><a href="/">Return to Home</a></p></main></body></html>`;
}

/** A fixed-window limit on form posts per client address. Pages are never limited. */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
  }, windowMs);
  sweep.unref();
  return {
    allow(client: string): boolean {
      const now = Date.now();
      const window = windows.get(client);
      if (!window || now - window.start >= windowMs) {
        windows.set(client, { start: now, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= limit;
    },
    stop() {
      clearInterval(sweep);
    },
  };
}
