/**
 * A quote's or an invoice's draft lines (components/owner/LineEditor.tsx), improved: Add a line
 * adds the line in place, focused, with no reload; Add from price list fills the last empty line
 * (or a new one) with the saved line's description, unit and price and puts the cursor in its
 * quantity, and its search field narrows the list; Save line N to your price list posts that line
 * and says so beside it, leaving the draft as typed. A description grows with its words where the
 * browser cannot do it itself (`field-sizing`). Without this script every one of them posts the
 * form and the page comes back at the line.
 */
import { makeOnceKey, ONCE_FIELD } from "../lib/actions/once-key.ts";

const growsItself = typeof CSS !== "undefined" && CSS.supports("field-sizing", "content");

function grow(area: HTMLTextAreaElement) {
  if (growsItself) return;
  area.style.height = "auto";
  area.style.height = `${area.scrollHeight + area.offsetHeight - area.clientHeight}px`;
}

/** Line `i` (from 0) named as the server would draw it: its ids, legend and buttons. */
function renumber(line: HTMLFieldSetElement, i: number) {
  line.id = `line-${i + 1}`;
  const legend = line.querySelector("legend");
  if (legend) legend.textContent = `Line ${i + 1}`;
  const rename = (value: string) => value.replace(/\bline-\d+-/g, `line-${i}-`);
  for (const element of line.querySelectorAll<HTMLElement>("[id]")) element.id = rename(element.id);
  for (const label of line.querySelectorAll<HTMLLabelElement>("label[for]")) label.htmlFor = rename(label.htmlFor);
  for (const field of line.querySelectorAll<HTMLElement>("[aria-describedby]")) field.setAttribute("aria-describedby", rename(field.getAttribute("aria-describedby")!));
  const remove = line.querySelector<HTMLButtonElement>('button[value^="remove-line-"]');
  if (remove) {
    remove.value = `remove-line-${i}`;
    remove.textContent = `Remove line ${i + 1}`;
  }
  const save = line.querySelector<HTMLButtonElement>("button[data-save-line]");
  if (save) {
    save.formAction = save.formAction.replace(/([?&]line=)\d+/, `$1${i}`);
    save.textContent = `Save line ${i + 1} to your price list`;
  }
}

function enhance(form: HTMLFormElement, list: HTMLElement) {
  const lines = () => [...list.querySelectorAll<HTMLFieldSetElement>("fieldset[data-line]")];
  const max = Number(list.dataset.maxLines) || Infinity;
  const full = form.querySelector<HTMLElement>("[data-lines-full]");
  const changed = () => form.dispatchEvent(new Event("input", { bubbles: true }));
  const field = (line: HTMLFieldSetElement, name: string) => line.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;

  /** Where a line would land without a script: each button's `#line-N`. */
  const retarget = () => {
    const all = lines();
    const last = all.at(-1);
    const lastEmpty = last !== undefined && !field(last, "description").value.trim() && !field(last, "unitPrice").value.trim();
    form.querySelector<HTMLButtonElement>("button[data-add-line]")?.setAttribute("formaction", `#line-${all.length + 1}`);
    for (const button of form.querySelectorAll<HTMLButtonElement>("button[data-price-item]")) button.setAttribute("formaction", `#line-${lastEmpty ? all.length : all.length + 1}`);
  };

  const addLine = (): HTMLFieldSetElement | undefined => {
    const all = lines();
    if (all.length >= max) {
      if (full) full.hidden = false;
      return undefined;
    }
    const last = all.at(-1)!;
    const fresh = last.cloneNode(true) as HTMLFieldSetElement;
    for (const error of fresh.querySelectorAll(".field-error")) error.remove();
    for (const wrong of fresh.querySelectorAll("[aria-invalid]")) wrong.removeAttribute("aria-invalid");
    for (const described of fresh.querySelectorAll<HTMLElement>("[aria-describedby]")) {
      const left = described.getAttribute("aria-describedby")!.split(" ").filter((id) => !id.endsWith("-error")).join(" ");
      if (left) described.setAttribute("aria-describedby", left);
      else described.removeAttribute("aria-describedby");
    }
    for (const said of fresh.querySelectorAll("[data-save-line-said]")) said.textContent = "";
    renumber(fresh, all.length);
    last.after(fresh);
    field(fresh, "description").value = "";
    field(fresh, "quantity").value = "1";
    field(fresh, "unitPrice").value = "";
    grow(field(fresh, "description") as HTMLTextAreaElement);
    changed();
    retarget();
    return fresh;
  };

  form.addEventListener("click", (event) => {
    const button = (event.target as Element).closest("button");
    if (!button || !form.contains(button)) return;
    if (button.matches("[data-add-line]")) {
      event.preventDefault();
      addLine()?.querySelector("textarea")?.focus();
    } else if (button.matches("[data-price-item]")) {
      event.preventDefault();
      const last = lines().at(-1)!;
      const empty = !field(last, "description").value.trim() && !field(last, "unitPrice").value.trim();
      const line = empty ? last : addLine();
      if (!line) return;
      const description = field(line, "description") as HTMLTextAreaElement;
      description.value = button.dataset.description ?? "";
      field(line, "unitPrice").value = button.dataset.price ?? "";
      const quantity = field(line, "quantity");
      if (!quantity.value.trim()) quantity.value = "1";
      grow(description);
      changed();
      retarget();
      quantity.focus();
      quantity.select();
    } else if (button.matches("[data-save-line]")) {
      event.preventDefault();
      void saveLine(form, button);
    }
  });
  form.addEventListener("input", (event) => {
    if (event.target instanceof HTMLTextAreaElement) grow(event.target);
    if (event.target instanceof Element && event.target.closest("fieldset[data-line]")) retarget();
  });
  for (const area of list.querySelectorAll("textarea")) grow(area);
  retarget();
  list.dataset.enhanced = "";
}

/** Posts one line to the price list with a key of its own, and says what came of it beside the button. */
async function saveLine(form: HTMLFormElement, button: HTMLButtonElement) {
  const said = button.parentElement?.querySelector<HTMLElement>("[data-save-line-said]");
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form, button)) if (typeof value === "string") body.append(name, value);
  body.set(ONCE_FIELD, makeOnceKey());
  button.disabled = true;
  try {
    const response = await fetch(button.formAction, { method: "POST", body, credentials: "same-origin" });
    if (response.ok) {
      if (said) said.textContent = "Saved to your price list.";
      return;
    }
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    if (said) said.textContent = page.querySelector('[role="alert"]')?.textContent?.trim() || "Not saved: try again.";
  } catch {
    if (said) said.textContent = "Not saved: no connection. Try again.";
  } finally {
    button.disabled = false;
  }
}

/** The price list's search: each word typed must be in a line's words. */
function search(picker: HTMLElement) {
  const box = picker.querySelector<HTMLElement>("[data-price-search]");
  const input = box?.querySelector("input");
  if (!box || !input) return;
  box.hidden = false;
  const none = picker.querySelector<HTMLElement>("[data-price-none]");
  const filter = () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const row of picker.querySelectorAll<HTMLElement>("[data-price-row]")) {
      const text = row.textContent!.toLowerCase();
      row.hidden = !words.every((word) => text.includes(word));
      if (!row.hidden) shown++;
    }
    if (none) none.hidden = shown > 0;
  };
  input.addEventListener("input", filter);
  // Enter in the search box must not press the form's first button (Save draft).
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") event.preventDefault();
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-line-totals]")) {
  const list = form.querySelector<HTMLElement>("[data-lines]");
  if (list) enhance(form, list);
  for (const picker of form.querySelectorAll<HTMLElement>("[data-price-picker]")) search(picker);
}
