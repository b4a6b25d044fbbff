import { areaPath, type Area } from "~/content/index.ts";

/** Towns as a compact list of links to their pages: the map's towns, as text beside it. */
export function TownLinks({ towns }: { towns: Area[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
      {towns.map((town) => (
        <li key={town.slug}>
          <a href={areaPath(town)} className="underline underline-offset-4 hover:text-accent-dark">
            {town.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Each town's page as an item of a list, "Roofers in {town}", its link styled by `className`. */
export function RoofersInItems({ towns, className }: { towns: Area[]; className: string }) {
  return towns.map((town) => (
    <li key={town.slug}>
      <a href={areaPath(town)} className={className}>
        Roofers in {town.name}
      </a>
    </li>
  ));
}
