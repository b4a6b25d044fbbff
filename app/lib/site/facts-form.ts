/**
 * The business facts at /admin/site, a short page for each group of them: the fields as the owner
 * types them, read into the business facts' own shape, and every problem the content schema finds
 * put beside its field. Each page reads only its own fields; the rest stay as the draft has them.
 * The phone number is typed once; the dial link's international form follows from it, and so
 * does the chat number unless the owner chooses a different one.
 */
import { businessSchema, type Business } from "../../content/schema.ts";
import { chatNumberOf, internationalNumber, isPhoneNumber, PHONE_EXAMPLE } from "../../content/rules/phone.ts";
import { vatNumberAsPrinted } from "../../content/rules/vat.ts";
import { ukToday } from "../time/uk-time.ts";
import { fieldErrors } from "../forms/fields.ts";
import type { EditableBusinessField } from "./edits.ts";

/** The claims the owner words himself; the experience figure is a number. */
export const CLAIM_FIELDS: { key: keyof Business["claims"]; label: string }[] = [
  { key: "quoteReply", label: "Quote promise" },
  { key: "emergency", label: "Emergency promise" },
  { key: "emergencyLine", label: "Beside the opening hours" },
  { key: "experienceYears", label: "Years of experience" },
  { key: "newRoofGuarantee", label: "New roof guarantee" },
  { key: "workmanshipGuarantee", label: "Workmanship guarantee" },
  { key: "epdmGuarantee", label: "EPDM membrane guarantee" },
  { key: "gutteringWarranty", label: "Guttering warranty" },
  { key: "newRoofDuration", label: "How long a new roof takes" },
  { key: "insured", label: "Insurance" },
  { key: "qualityGuarantee", label: "Quality promise" },
  { key: "pricing", label: "Pricing promise" },
];

/** The short pages of the business facts, each with the facts it saves. */
export const FACT_PAGES = {
  contact: ["phone", "chatNumber", "email"],
  hours: ["openingHours", "closure"],
  promises: ["claims"],
  social: ["social", "googleReviewUrl"],
  // With the invoicing facts (invoicing-form.ts): what a quote and an invoice say of the seller.
  invoicing: ["vatNumber"],
} as const satisfies Record<string, readonly EditableBusinessField[]>;
export type FactPage = keyof typeof FACT_PAGES;

/** Each short page's title, as its page and Your site's list of pages say it. */
export const FACT_PAGE_TITLES: Record<FactPage, string> = {
  contact: "Phone, WhatsApp and e-mail",
  hours: "Opening hours and closures",
  promises: "Promises and guarantees",
  social: "Social links",
  invoicing: "Invoices and bank details",
};

/** Which short page of facts an address is (`/admin/site/contact` is "contact"). */
export function factPageOf(pathname: string): FactPage {
  return pathname.split("/").pop() as FactPage;
}

export type FactValues = Record<string, string>;
export type FactErrors = Record<string, string>;

/** The form's values for the facts as they are. A chat number that is the phone's shows as "same". */
export function factValues(business: Business): FactValues {
  const different = chatNumberOf(business) !== chatNumberOf({ phone: business.phone });
  const values: FactValues = {
    phone: business.phone.display,
    "chat-choice": different ? "different" : "same",
    chat: different ? `+${chatNumberOf(business)}` : "",
    email: business.email,
    vat: business.vatNumber ?? "",
    "google-review": business.googleReviewUrl ?? "",
  };
  business.openingHours.forEach((row, i) => {
    values[`hours-${i}-opens`] = row.opens ?? "";
    values[`hours-${i}-closes`] = row.closes ?? "";
    if (!row.opens) values[`hours-${i}-closed`] = "on";
  });
  values["closure-message"] = business.closure?.message ?? "";
  values["closure-until"] = business.closure?.until ?? "";
  for (const { key } of CLAIM_FIELDS) values[`claims-${key}`] = String(business.claims[key]);
  business.social.forEach((link, i) => (values[`social-${i}`] = link.url));
  return values;
}

/**
 * The chat number as the form gives it: none when it follows the phone ("Same as the phone
 * number", or a different number that is the phone's after all), else its digits; or the
 * problem to show at its field.
 */
function readChat(choice: string, typed: string, phone: string): { chatNumber?: string } | { error: string } {
  if (choice !== "different") return {};
  if (!typed) return { error: "Enter the chat number, or choose Same as the phone number" };
  if (!isPhoneNumber(typed)) return { error: "Enter a mobile number such as 07700 900123" };
  const digits = internationalNumber(typed).slice(1);
  return isPhoneNumber(phone) && digits === internationalNumber(phone).slice(1) ? {} : { chatNumber: digits };
}

/** The form field a problem the content schema found at `path` belongs to. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [first, second, third] = path.map(String);
  switch (first) {
    case "phone":
      return "phone";
    case "chatNumber":
      return "chat";
    case "googleReviewUrl":
      return "google-review";
    case "vatNumber":
      return "vat";
    case "openingHours":
      return `hours-${second}-${third ?? "opens"}`;
    case "closure":
      return `closure-${second ?? "message"}`;
    case "claims":
      return `claims-${second}`;
    case "social":
      return `social-${second}`;
    default:
      return String(first);
  }
}

type Fields = Partial<Record<EditableBusinessField, unknown>>;

/**
 * Reads the fields of one short page (`page`) over the facts as the draft has them (`current`),
 * and checks the result with the content schema. Returns that page's facts, or the problems by
 * field with the values as typed.
 */
export function readFacts(form: FormData, current: Business, page: FactPage): { ok: true; fields: Fields; values: FactValues } | { ok: false; errors: FactErrors; values: FactValues } {
  const get = (name: string) => String(form.get(name) ?? "").trim();
  const values: FactValues = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "intent" && name !== "from") values[name] = value.trim();

  const phone = get("phone");
  const chat = page === "contact" ? readChat(get("chat-choice"), get("chat"), phone) : {};
  // The number typed for "A different number" is kept only while that is the choice.
  if (page === "contact" && get("chat-choice") !== "different") values.chat = "";
  const read: { [F in EditableBusinessField]: () => unknown } = {
    phone: () => ({ display: phone, e164: internationalNumber(phone) }),
    chatNumber: () => ("chatNumber" in chat ? chat.chatNumber : undefined),
    email: () => get("email"),
    openingHours: () =>
      current.openingHours.map((row, i) =>
        form.get(`hours-${i}-closed`) ? { ...row, opens: null, closes: null } : { ...row, opens: get(`hours-${i}-opens`) || null, closes: get(`hours-${i}-closes`) || null },
      ),
    // Both empty: no notice. One without the other is an error at the empty one.
    closure: () => (get("closure-message") || get("closure-until") ? { message: get("closure-message"), until: get("closure-until") } : undefined),
    claims: () => Object.fromEntries(CLAIM_FIELDS.map(({ key }) => [key, key === "experienceYears" ? Number(get(`claims-${key}`)) || get(`claims-${key}`) : get(`claims-${key}`)])),
    // Written as people write it ("gb 123 4567 89"), kept as HMRC prints it; empty when not registered.
    vatNumber: () => vatNumberAsPrinted(get("vat")) || undefined,
    googleReviewUrl: () => get("google-review") || undefined,
    social: () => current.social.map((link, i) => ({ ...link, url: get(`social-${i}`) })),
  };
  const fields: Fields = Object.fromEntries(FACT_PAGES[page].map((field) => [field, read[field]()]));
  const result = businessSchema.safeParse({ ...current, ...fields });
  // The phone's every problem (its display or the international form made from it) reads the same.
  const errors: FactErrors = fieldErrors(result.success ? [] : result.error.issues, fieldOf, (field, issue) =>
    field === "phone" ? PHONE_EXAMPLE : field === "chat" ? "Enter a mobile number such as 07700 900123" : issue.message,
  ) as FactErrors;
  if ("error" in chat) errors.chat = chat.error;
  const closure = fields.closure as Business["closure"];
  if (result.success && closure && closure.until < ukToday()) {
    errors["closure-until"] = "Must be today or later: a notice for a day gone would never show";
  }
  return Object.keys(errors).length ? { ok: false, errors, values } : { ok: true, fields, values };
}
