/**
 * A figure to copy into a banking app: its label, the figure as plain text that one tap selects
 * whole, and beside it Copy, which the page's script shows and works (enhance/copy-values.ts).
 * A figure to copy stays on one line (a sort code, an account number, a reference); one without
 * Copy (`copy={false}`, an account name) wraps only at its spaces, never inside a word.
 */
export function CopyValue({ label, value, copy = true }: { label: string; value: string; copy?: boolean }) {
  return (
    <div data-copy-row="">
      <dt className="text-muted">{label}</dt>
      <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span data-copy-value="" className={`font-bold select-all ${copy ? "whitespace-nowrap" : "break-normal"}`}>
          {value}
        </span>
        {copy && (
          <button type="button" hidden data-copy="" data-copy-label={label} className="inline-flex min-h-6 min-w-11 items-center justify-center rounded-md border-2 border-ink bg-white px-2 py-0.5 text-sm font-semibold text-ink hover:bg-paper-dark">
            <span data-copy-word="">Copy</span>
            <span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        )}
      </dd>
    </div>
  );
}

/** Where Copy says what it copied, for a screen reader: one on the page. */
export function CopyStatus() {
  return <p data-copy-status="" role="status" className="sr-only" />;
}
