/**
 * The totals of a draft's lines as the owner types (a quote's, routes/admin/quote.tsx, or an
 * invoice's, routes/admin/invoice.tsx): net, VAT and the total in the form's <output> elements,
 * within a keystroke, by the server's own sums (lib/quotes/typed-totals.ts). VAT is the form's
 * "vat" checkbox (a quote) or its hidden "vat" field (an invoice, whose VAT is fixed). An
 * invoice's Send (`data-send`) shows only while the total is more than nothing, its hint
 * (`data-send-hint`) the other way round. Without this script, Check totals asks the server for
 * the same figures.
 */
import { comesToNothing, typedTotals, unreadText } from "../lib/quotes/typed-totals.ts";

function enhance(form: HTMLFormElement) {
  const values = (name: string) => [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)].map((input) => input.value);
  const output = (name: string) => form.querySelector<HTMLOutputElement>(`output[name="${name}"]`);
  const vatOf = () => {
    const field = form.querySelector<HTMLInputElement>('input[name="vat"]');
    return field?.type === "checkbox" ? field.checked : field?.value === "on";
  };
  const update = () => {
    const quantities = values("quantity");
    const prices = values("unitPrice");
    const totals = typedTotals(
      quantities.map((quantity, i) => ({ quantity, unitPrice: prices[i] ?? "" })),
      vatOf(),
    );
    for (const name of ["net", "vat", "total"] as const) {
      const element = output(name);
      if (element && element.value !== totals[name]) element.value = totals[name];
    }
    const unread = form.querySelector<HTMLElement>("[data-unread]");
    if (unread) {
      unread.hidden = totals.unread === 0;
      unread.textContent = unreadText(totals.unread);
    }
    const nothing = comesToNothing(totals);
    for (const send of form.querySelectorAll<HTMLElement>("[data-send]")) send.hidden = nothing;
    for (const hint of form.querySelectorAll<HTMLElement>("[data-send-hint]")) hint.hidden = !nothing;
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-line-totals]")) enhance(form);
