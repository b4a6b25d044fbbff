/**
 * Every change of the database's tables, in the order they run: one file each, named by its
 * number. A new migration is a new file, added at the end of this list; a written one never changes.
 */
import m0001 from "./0001-requests.ts";
import m0002 from "./0002-requests-by-date.ts";
import m0003 from "./0003-requests-pending-email.ts";
import m0004 from "./0004-request-photos.ts";
import m0005 from "./0005-owner-area.ts";
import m0006 from "./0006-quotes.ts";
import m0007 from "./0007-jobs-and-notifications.ts";
import m0008 from "./0008-quote-links.ts";
import m0009 from "./0009-site-versions.ts";
import m0010 from "./0010-site-pictures.ts";
import m0011 from "./0011-reviews.ts";
import m0012 from "./0012-page-views.ts";
import m0013 from "./0013-owner-settings.ts";
import m0014 from "./0014-requests-erased.ts";
import m0015 from "./0015-customer-page-links.ts";
import m0016 from "./0016-visits.ts";
import m0017 from "./0017-calendar-feed-link.ts";
import m0018 from "./0018-rearrange-requests.ts";
import m0019 from "./0019-invoices.ts";
import m0020 from "./0020-owner-page-indexes.ts";
import m0021 from "./0021-once-keys.ts";
import m0022 from "./0022-price-list.ts";
import m0023 from "./0023-jobs-seen.ts";
import m0024 from "./0024-job-photos.ts";
import m0025 from "./0025-survey-rules.ts";
import m0026 from "./0026-visits-booked-by.ts";
import m0027 from "./0027-survey-reports.ts";
import m0028 from "./0028-photo-consent.ts";
import m0029 from "./0029-survey-booking-tokens.ts";

export interface Migration {
  /** The file's name without its extension: "0006-quotes". */
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { name: "0001-requests", sql: m0001 },
  { name: "0002-requests-by-date", sql: m0002 },
  { name: "0003-requests-pending-email", sql: m0003 },
  { name: "0004-request-photos", sql: m0004 },
  { name: "0005-owner-area", sql: m0005 },
  { name: "0006-quotes", sql: m0006 },
  { name: "0007-jobs-and-notifications", sql: m0007 },
  { name: "0008-quote-links", sql: m0008 },
  { name: "0009-site-versions", sql: m0009 },
  { name: "0010-site-pictures", sql: m0010 },
  { name: "0011-reviews", sql: m0011 },
  { name: "0012-page-views", sql: m0012 },
  { name: "0013-owner-settings", sql: m0013 },
  { name: "0014-requests-erased", sql: m0014 },
  { name: "0015-customer-page-links", sql: m0015 },
  { name: "0016-visits", sql: m0016 },
  { name: "0017-calendar-feed-link", sql: m0017 },
  { name: "0018-rearrange-requests", sql: m0018 },
  { name: "0019-invoices", sql: m0019 },
  { name: "0020-owner-page-indexes", sql: m0020 },
  { name: "0021-once-keys", sql: m0021 },
  { name: "0022-price-list", sql: m0022 },
  { name: "0023-jobs-seen", sql: m0023 },
  { name: "0024-job-photos", sql: m0024 },
  { name: "0025-survey-rules", sql: m0025 },
  { name: "0026-visits-booked-by", sql: m0026 },
  { name: "0027-survey-reports", sql: m0027 },
  { name: "0028-photo-consent", sql: m0028 },
  { name: "0029-survey-booking-tokens", sql: m0029 },
];
