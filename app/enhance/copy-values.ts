/**
 * Copy on the customer's page (components/customer/CopyValue.tsx): each Copy button, hidden
 * without a script, is shown and puts its figure (a sort code, an account number, a reference) on
 * the clipboard, then says "Copied" on the button and, for a screen reader, in the page's status
 * line. Without a script each figure is plain text that one tap selects whole.
 */
const SAID_FOR_MS = 4000;

function enhanceCopy(button: HTMLButtonElement) {
  const value = button.closest("[data-copy-row]")?.querySelector<HTMLElement>("[data-copy-value]");
  if (!value || !navigator.clipboard) return;
  const idle = button.querySelector<HTMLElement>("[data-copy-word]")!;
  const status = document.querySelector<HTMLElement>("[data-copy-status]");
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const text = value.textContent?.trim() ?? "";
    let said: string;
    try {
      await navigator.clipboard.writeText(text);
      idle.textContent = "Copied";
      said = `${button.dataset.copyLabel ?? "It"} copied: ${text}`;
    } catch {
      idle.textContent = "Copy";
      said = "Your browser did not let us copy. Press and hold the figure to copy it.";
    }
    if (status) status.textContent = said;
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle.textContent = "Copy";
    }, SAID_FOR_MS);
  });
}

for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) enhanceCopy(button);
