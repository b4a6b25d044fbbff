/**
 * A table's column names for the owner's reports (Sources, Insights): the first `words` columns
 * hold words, set left; the rest hold figures, set right and kept on one line. `sticky` keeps
 * the first column in view while a wide table scrolls sideways.
 */
export function HeadRow({ names, words = 1, sticky = false }: { names: string[]; words?: number; sticky?: boolean }) {
  return (
    <thead>
      <tr className="border-b-2 border-slate-300">
        {names.map((name, i) => (
          <th key={name} scope="col" className={`py-2 ${i === names.length - 1 ? "" : "pr-3"} ${i < words ? "" : "text-right whitespace-nowrap"} ${sticky && i === 0 ? "sticky left-0 bg-white" : ""}`}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
