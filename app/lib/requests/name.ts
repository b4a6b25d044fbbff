/** A request's name as the owner's pages show it: after its details were erased (lib/requests/retention.ts), words saying so. */
export function nameOf(lead: { name: string }): string {
  return lead.name || "Details erased after 24 months";
}
