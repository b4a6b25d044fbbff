/**
 * The owner's invoice forms, each read by its schema into typed values or a message at each wrong
 * field (./parse-form.ts): Create invoice (what it is made from), the draft (its lines, due date
 * and note), Record payment and Credit note. The refusals only the store can give (more than is
 * due, nothing left) are said at the same fields by the routes.
 */
import * as z from "zod/mini";
import type { InvoiceKind } from "./invoices.server.ts";
import type { PaymentMethod } from "./payments.server.ts";
import { formatPounds, parsePence } from "../quotes/money.ts";
import { addDays } from "../time/uk-time.ts";
import { draftLines, lineFields, typedLines, type TypedLine } from "../quotes/lines.ts";
import { text } from "../forms/parse-form.ts";

export const INVOICE_NOTE_MAX = 2000;
export const PAYMENT_NOTE_MAX = 500;
export const CREDIT_REASON_MAX = 500;
/** The furthest ahead a draft may be due. */
const MAX_DUE_DAYS = 365;
export const DEFAULT_DEPOSIT_PERCENT = 25;

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);

const KINDS: readonly InvoiceKind[] = ["whole", "deposit", "balance", "blank"];

/** Create invoice: what the draft starts from, and a deposit's share in whole per cent. */
export const newInvoiceForm = z.pipe(
  z.object({ kind: text(), depositPercent: text(z.trim()) }),
  z.transform((form, context) => {
    const kind = KINDS.find((one) => one === form.kind);
    if (!kind) {
      context.issues.push({ code: "custom", path: ["kind"], message: "Choose what the invoice is for.", input: form.kind });
      return z.NEVER;
    }
    if (kind !== "deposit") return { kind, depositPercent: undefined };
    const percent = /^\d{1,3}$/.test(form.depositPercent) ? Number(form.depositPercent) : NaN;
    if (!(percent >= 1 && percent <= 100)) {
      context.issues.push({ code: "custom", path: ["depositPercent"], message: "A whole number from 1 to 100, such as 25.", input: form.depositPercent });
      return z.NEVER;
    }
    return { kind, depositPercent: percent };
  }),
);

/** An invoice's draft as typed, so a refused form comes back with everything in it. */
export interface InvoiceDraftValues {
  lines: TypedLine[];
  dueOn: string;
  note: string;
}

const typedInvoiceDraft = z.pipe(
  z.object({ ...lineFields, dueOn: text(z.trim()), note: text(z.trim()) }),
  z.transform((form): InvoiceDraftValues => ({ lines: typedLines(form), dueOn: form.dueOn, note: form.note })),
);

export function readInvoiceDraftValues(form: Record<string, string | string[]>): InvoiceDraftValues {
  return typedInvoiceDraft.parse(form);
}

/** The draft's schema; `today` is the UK day it is saved on. */
export function invoiceDraftSchema(today: string) {
  const latest = addDays(today, MAX_DUE_DAYS);
  return z.pipe(
    typedInvoiceDraft,
    z.object({
      lines: draftLines,
      dueOn: z.string().check(
        z.refine(isDay, "Choose the day payment is due."),
        z.refine((value) => value >= today, "The date has passed: choose today or later."),
        z.refine((value) => value <= latest, `Choose a date within ${MAX_DUE_DAYS} days.`),
      ),
      note: z.string().check(z.maxLength(INVOICE_NOTE_MAX, `The note can be at most ${INVOICE_NOTE_MAX} characters.`)),
    }),
  );
}

/** An amount of money as the owner types it: pounds and pence above nothing, never a part of a penny. */
function pounds(empty: string) {
  return z.pipe(
    text(z.trim()),
    z.transform((value, context) => {
      const fail = (message: string) => {
        context.issues.push({ code: "custom", message, input: value });
        return z.NEVER;
      };
      if (!value) return fail(empty);
      if (/^-/.test(value.replace(/^£\s*/, ""))) return fail("The amount must be more than £0.00.");
      if (/\.\d{3,}$/.test(value)) return fail("Pounds and pence only: at most two figures after the point.");
      const pence = parsePence(value);
      if (pence === undefined) return fail("An amount in pounds, such as 440 or 440.50.");
      if (pence === 0) return fail("The amount must be more than £0.00.");
      return pence;
    }),
  );
}

/** Record payment; `today` is the UK day it is recorded on (a later day is refused); `methods` the ways it may be paid. */
export function paymentSchema(today: string, methods: readonly PaymentMethod[]) {
  return z.object({
    receivedOn: text(
      z.trim(),
      z.refine(isDay, "Enter the day the money arrived."),
      z.refine((value) => value <= today, "That day is still to come: enter the day the money arrived."),
    ),
    amount: pounds("Enter the amount received, such as 440 or 440.50."),
    method: z.pipe(
      text(),
      z.custom<PaymentMethod>((value) => methods.includes(value as PaymentMethod), "Choose how it was paid."),
    ),
    note: text(z.trim(), z.maxLength(PAYMENT_NOTE_MAX, `The note can be at most ${PAYMENT_NOTE_MAX} characters.`)),
  });
}

/** Credit note: the whole of what is left or an amount of it, and why. */
export const creditNoteSchema = z.pipe(
  z.object({ scope: text(), amount: text(z.trim()), reason: text(z.trim()) }),
  z.transform((form, context) => {
    const wrong = (field: string, message: string) => context.issues.push({ code: "custom", path: [field], message, input: form });
    if (form.scope !== "whole" && form.scope !== "amount") wrong("scope", "Choose the whole invoice or an amount.");
    let amountPence: number | "whole" = "whole";
    if (form.scope === "amount") {
      const parsed = z.safeParse(pounds("Enter the amount to credit, such as 100 or 99.50."), form.amount);
      if (parsed.success) amountPence = parsed.data;
      else wrong("amount", parsed.error.issues[0]!.message);
    }
    if (!form.reason) wrong("reason", "Say why the invoice is corrected.");
    else if (form.reason.length > CREDIT_REASON_MAX) wrong("reason", `The reason can be at most ${CREDIT_REASON_MAX} characters.`);
    return context.issues.length ? z.NEVER : { amountPence, reason: form.reason };
  }),
);

/** Why an invoice that comes to £0.00 is not sent. */
export const NOTHING_DUE = "The invoice comes to nothing: add what is owed.";

/** "That is more than the £440.00 still due". */
export const moreThanDue = (duePence: number) => `That is more than the ${formatPounds(duePence)} still due.`;
