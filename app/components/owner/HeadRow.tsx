/**
 * A table's column names for the owner's reports (Sources, Insights): the first `words` columns
 * hold words, set left; the rest hold figures, set right and kept on one line. `sticky` keeps
 * the first column in view while a wide table scrolls sideways. `roles` names each part's role, for
 * a table drawn as cards on a phone (CardTable.tsx).
 */
export function HeadRow({ names, words = 1, sticky = false, roles = false }: { names: string[]; words?: number; sticky?: boolean; roles?: boolean }) {
  return (
    <thead role={roles ? "rowgroup" : undefined}>
      <tr role={roles ? "row" : undefined} className="border-b-2 border-slate-300">
        {names.map((name, i) => (
          <th key={name} scope="col" role={roles ? "columnheader" : undefined} className={`py-2 ${i === names.length - 1 ? "" : "pr-3"} ${i < words ? "" : "text-right whitespace-nowrap"} ${sticky && i === 0 ? "sticky left-0 bg-white" : ""}`}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
