/**
 * What a publish would do to every visitor at once: a site that shows the business closed every
 * day, gives no number to call or lists no service turns each of them away. The field checks
 * refuse some of these already (an empty phone); these are the ones a checked draft can still
 * carry, said in words on the draft's summary and asked about once more before a publish.
 */
import type { Content } from "../../content/load.ts";

/** The warnings for a site with `content`: none when it takes visitors as it should. */
export function visitorWarnings(content: Pick<Content, "business" | "services">): string[] {
  const { business, services } = content;
  const warnings: string[] = [];
  if (!business.openingHours.some((row) => row.opens !== null && row.closes !== null)) warnings.push("Warning: the site will show you closed every day");
  if (!/\d/.test(business.phone.display) || !business.phone.e164) warnings.push("Warning: the site will show no phone number to call");
  if (services.length === 0) warnings.push("Warning: the site will list no service");
  return warnings;
}
