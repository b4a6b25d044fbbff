/**
 * The server's settings, read from the environment and checked once at start. A bad value stops
 * the server with one line naming the setting, rather than failing later on a visitor's request.
 */
export interface Settings {
  port: number;
  host: string;
  siteUrl: string;
  dataDir: string;
  smtpUrl?: string;
  leadsNotifyTo?: string;
  leadsNotifyFrom?: string;
  /** Form posts allowed per client address per minute. */
  formRateLimit: number;
  /** Passkey sign-in steps (two per sign-in) allowed per client address per minute. */
  signInRateLimit: number;
  /** First pause before an e-mail that failed is tried again (doubling each time). */
  retryBaseMs: number;
  /** How often the queue looks for due work it was not woken for (retries, held reminders). */
  jobsPollMs: number;
  /** Behind a TLS proxy: take the client address from the proxy's X-Forwarded-For. */
  trustProxy: boolean;
  /** Acknowledgement e-mails to visitors the site may send in an hour, in all. */
  ackHourlyCap: number;
  /** Count page views on the server (aggregates only; COUNT_VISITS=0 turns it off). */
  countVisits: boolean;
}

export class SettingsError extends Error {}

function emailList(value: string): boolean {
  return value.split(",").every((part) => /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/.test(part.trim()));
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const portText = env.PORT ?? "3000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    throw new SettingsError(`PORT must be a whole number from 1 to 65535, not "${portText}"`);
  }
  const host = env.HOST || "0.0.0.0";
  if (/\s|\//.test(host)) throw new SettingsError(`HOST must be a host name or address, not "${host}"`);

  const siteUrlText = env.SITE_URL || "https://www.example.com";
  let siteUrl: URL;
  try {
    siteUrl = new URL(siteUrlText);
  } catch {
    throw new SettingsError(`SITE_URL must be an absolute URL such as https://www.example.com, not "${siteUrlText}"`);
  }
  if (!/^https?:$/.test(siteUrl.protocol) || siteUrl.pathname !== "/" || siteUrl.search || siteUrl.hash) {
    throw new SettingsError(`SITE_URL must be an http(s) origin with no path, such as https://www.example.com, not "${siteUrlText}"`);
  }

  const dataDir = env.DATA_DIR || "data";
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(smtpUrl);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^smtps?:$/.test(parsed.protocol) || !parsed.hostname) {
      throw new SettingsError("SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465");
    }
  }
  const leadsNotifyTo = env.LEADS_NOTIFY_TO || undefined;
  if (leadsNotifyTo && !emailList(leadsNotifyTo)) {
    throw new SettingsError(`LEADS_NOTIFY_TO must be one or more e-mail addresses separated by commas, not "${leadsNotifyTo}"`);
  }
  if (smtpUrl && !leadsNotifyTo) throw new SettingsError("LEADS_NOTIFY_TO must be set when SMTP_URL is set");
  if (leadsNotifyTo && !smtpUrl) throw new SettingsError("SMTP_URL must be set when LEADS_NOTIFY_TO is set");
  const leadsNotifyFrom = env.LEADS_NOTIFY_FROM || undefined;
  if (leadsNotifyFrom && !emailList(leadsNotifyFrom)) {
    throw new SettingsError(`LEADS_NOTIFY_FROM must be an e-mail address, not "${leadsNotifyFrom}"`);
  }

  const limitText = env.FORM_RATE_LIMIT ?? "5";
  const formRateLimit = Number(limitText);
  if (!/^\d+$/.test(limitText) || formRateLimit < 1) {
    throw new SettingsError(`FORM_RATE_LIMIT must be a whole number of posts a minute, at least 1, not "${limitText}"`);
  }
  const signInText = env.SIGN_IN_RATE_LIMIT ?? "10";
  const signInRateLimit = Number(signInText);
  if (!/^\d+$/.test(signInText) || signInRateLimit < 2) {
    throw new SettingsError(`SIGN_IN_RATE_LIMIT must be a whole number of sign-in steps a minute, at least 2, not "${signInText}"`);
  }
  const proxyText = env.TRUST_PROXY ?? "";
  if (!["", "0", "1", "true", "false"].includes(proxyText)) {
    throw new SettingsError(`TRUST_PROXY must be 1 or 0, not "${proxyText}"`);
  }
  const trustProxy = proxyText === "1" || proxyText === "true";

  const retryText = env.LEADS_RETRY_BASE_MS ?? "30000";
  const retryBaseMs = Number(retryText);
  if (!/^\d+$/.test(retryText) || retryBaseMs < 10) {
    throw new SettingsError(`LEADS_RETRY_BASE_MS must be a whole number of milliseconds, at least 10, not "${retryText}"`);
  }

  const pollText = env.JOBS_POLL_MS ?? "5000";
  const jobsPollMs = Number(pollText);
  if (!/^\d+$/.test(pollText) || jobsPollMs < 10) {
    throw new SettingsError(`JOBS_POLL_MS must be a whole number of milliseconds, at least 10, not "${pollText}"`);
  }

  const capText = env.ACK_HOURLY_CAP ?? "30";
  const ackHourlyCap = Number(capText);
  if (!/^\d+$/.test(capText)) {
    throw new SettingsError(`ACK_HOURLY_CAP must be a whole number of e-mails an hour (0 sends none), not "${capText}"`);
  }

  const countText = env.COUNT_VISITS ?? "1";
  if (countText !== "0" && countText !== "1") {
    throw new SettingsError(`COUNT_VISITS must be 1 (count page views) or 0 (count nothing), not "${countText}"`);
  }

  return { port, host, siteUrl: siteUrl.origin, dataDir, smtpUrl, leadsNotifyTo, leadsNotifyFrom, formRateLimit, signInRateLimit, trustProxy, retryBaseMs, jobsPollMs, ackHourlyCap, countVisits: countText === "1" };
}
