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
