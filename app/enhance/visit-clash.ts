/**
 * The visit forms (routes/admin/visit-book.tsx, visit-move.tsx) say a clash as the times are
 * picked: each day's line under its times names the booked visit it overlaps, by the check the
 * server makes (lib/visits/clash.ts), against the booked visits the page carries in data-booked.
 * Without this script, the page says it once the form is sent, and after saving.
 */
import { clashLine, type BookedTimes } from "../lib/visits/clash.ts";

function enhance(form: HTMLFormElement) {
  const booked = JSON.parse(form.dataset.booked ?? "[]") as BookedTimes[];
  const update = () => {
    for (const day of form.querySelectorAll<HTMLElement>("[data-visit-day]")) {
      const value = (name: string) => day.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? "";
      const words = clashLine({ date: value("date"), from: value("from"), to: value("to") }, booked);
      const line = day.querySelector<HTMLElement>("[data-clash]");
      if (line && line.textContent !== words) line.textContent = words;
    }
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-visit-clash]")) enhance(form);
