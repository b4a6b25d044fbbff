/**
 * A route is tested with services of its own, handed in through React Router's context as the
 * server hands them: no global to set, no server to start.
 */
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { LeadStore } from "~/lib/requests/leads.server.ts";
import { servicesContext } from "~/lib/services/services.ts";
import { loader } from "./inbox.tsx";

let store: LeadStore;
beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

function contextWith({ store }: { store: LeadStore }) {
  const context = new RouterContextProvider();
  context.set(servicesContext, { store, ownerMail: false, ackHourlyCap: 30, wake: () => {}, content: () => fileContent, pictures: new Map() });
  return context;
}

const args = (context: RouterContextProvider, path = "/admin") =>
  ({ request: new Request(`http://localhost${path}`), params: {}, context, unstable_pattern: "/admin" }) as unknown as Parameters<typeof loader>[0];

it("the inbox lists the requests of the store it is handed, and only those", () => {
  store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name: "Handed In", email: "handed@example.org", phone: "01462 000000", location: "Hitchin", message: "Loose ridge tiles." });
  const other = new LeadStore(":memory:");
  try {
    other.add({ form: "contact", page: "/contact", name: "Somewhere Else", email: "else@example.org", phone: "01438 000000", location: "SG1", message: "Gutter." });
    expect(loader(args(contextWith({ store }))).leads.map((lead) => lead.name)).toEqual(["Handed In"]);
    expect(loader(args(contextWith({ store: other }))).leads.map((lead) => lead.name)).toEqual(["Somewhere Else"]);
  } finally {
    other.close();
  }
});

it("a route handed no services says so, rather than finding a store by name", () => {
  expect(() => loader(args(new RouterContextProvider()))).toThrow();
});
