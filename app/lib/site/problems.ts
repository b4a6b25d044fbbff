/**
 * The content checks' problems as the owner reads them: the page and the field in words ("The
 * Roof Repairs page, opening paragraph 2: must not be empty"), never a file name or a field key.
 * The checks themselves are the content loader's, the same as the build's.
 */
import type { ContentProblem, RawContent } from "../../content/load.ts";
import { SOCIAL_NETWORKS } from "../../content/rules/links.ts";
import type { Business } from "../../content/schema.ts";
import { FIELD_NAMES, INVOICING_NAMES, LOCAL_FIELDS, type EditableBusinessField, type InvoicingField } from "./edits.ts";
import { FACT_WORDS } from "./fact-words.ts";
import { CLAIM_FIELDS } from "./facts-form.ts";

type Named = { name?: string; title?: string; label?: string; network?: string };

/** The item at `index` of a list in the raw content, to name it by. */
function itemOf(list: unknown, index: PropertyKey | undefined): Named | undefined {
  return Array.isArray(list) && typeof index === "number" ? (list[index] as Named | undefined) : undefined;
}

function businessField(path: readonly PropertyKey[], business: Partial<Business>): string {
  const [field, index, part] = path;
  if (field === "openingHours") {
    const row = itemOf(business.openingHours, index);
    return `Opening hours${row?.label ? `, ${row.label}` : ""}${part === "opens" ? ", opens" : part === "closes" ? ", closes" : ""}`;
  }
  if (field === "claims") return `Promises and guarantees${index ? `, ${CLAIM_FIELDS.find(({ key }) => key === index)?.label ?? ""}` : ""}`.replace(/, $/, "");
  if (field === "social") {
    const network = itemOf(business.social, index)?.network as keyof typeof SOCIAL_NETWORKS | undefined;
    return network && SOCIAL_NETWORKS[network] ? `${SOCIAL_NETWORKS[network].label} page` : "Social links";
  }
  return FIELD_NAMES[field as EditableBusinessField] ?? "Your business details";
}

/** Where a problem is, in words: the page or the list, and the field. */
function whereOf({ file, path }: ContentProblem, raw: RawContent): string {
  const [index, field, position, part] = path;
  const item = itemOf(raw[file.replace(".json", "") as keyof RawContent], index);
  switch (file) {
    case "business.json":
      return businessField(path, raw.business as Partial<Business>);
    case "services.json": {
      const page = item?.name ? `The ${item.name} page` : "The service pages";
      if (field === "intro" && typeof position === "number") return `${page}, opening paragraph ${position + 1}`;
      if (field === "faqs" && part === "answer" && typeof position === "number") return `${page}, answer ${position + 1}`;
      return page;
    }
    case "areas.json": {
      const page = item?.name ? `The ${item.name} town page` : "The town pages";
      if (field === "intro") return `${page}, intro`;
      const local = field === "local" ? LOCAL_FIELDS.find(([key]) => key === position)?.[1] : undefined;
      return local ? `${page}, ${local}` : page;
    }
    case "regions.json":
      return item?.name ? `The ${item.name} region page` : "The region pages";
    case "testimonials.json":
      return item ? `Testimonial ${Number(index) + 1}${item.name ? ` (${item.name})` : ""}` : "Testimonials";
    case "gallery.json":
      return item ? `Gallery project ${Number(index) + 1}${item.title ? ` (${item.title})` : ""}` : "The gallery";
    case "invoicing.json":
      return INVOICING_NAMES[index as InvoicingField] ?? "Invoices and bank details";
  }
}

/** What is wrong, without the files' names. */
function whatOf(problem: ContentProblem): string {
  if (problem.unknownFact) return `a fact in curly brackets that the site does not know; write ${Object.values(FACT_WORDS).map((words) => `[${words}]`).join(" or ")} instead`;
  return problem.message.replace(/ in (areas|services|regions)\.json\b/, " on the site").replace(/, areas\.json has (\d+)/, ", the site has $1");
}

/** One problem in words, "Where: what is wrong". */
export function problemInWords(problem: ContentProblem, raw: RawContent): string {
  return `${whereOf(problem, raw)}: ${whatOf(problem)}`;
}
