/**
 * The rooms' import rule (eslint.config.js, docs/decisions/0018-rooms-and-arrows.md) fails
 * `npm run lint` on an arrow that runs back up, and lets the ones that point down through: between
 * the top-level rooms, and between the rooms of app/lib, each of which the decision record names.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { expect, it } from "vitest";
import { ROOT } from "../support/server.ts";

const eslint = new ESLint({ cwd: ROOT });

/** The import-rule messages ESLint gives an import of `target` in the file at `file`. */
async function refusals(file: string, target: string): Promise<string[]> {
  const source = `import * as imported from "${target}";\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

it.each([
  ["app/lib/site/example.ts", "../../../scripts/build-images.ts", /never imports build tasks/],
  ["server/example.ts", "../scripts/owner.ts", /never imports build tasks/],
  ["app/routes/example.tsx", "../../tests/support/server.ts", /never imports build tasks/],
  ["app/lib/example.ts", "../../server/app.ts", /never imports server/],
  ["app/components/Example.tsx", "~/routes/home.tsx", /Only the route table/],
  ["app/lib/example.ts", "~/components/forms/Field.tsx", /must not import components/],
  ["app/content/example.ts", "~/lib/seo.ts", /bottom room/],
  ["app/enhance/example.ts", "../lib/requests/leads.server.ts", /never imports server-only/],
  ["app/lib/invoices/example.ts", "~/routes/admin/invoice.tsx", /Only the route table/],
  ["app/lib/requests/example.ts", "../invoices/invoices.server.ts", /requests\/ is a trade, it imports only the rooms below it/],
  ["app/lib/quotes/example.ts", "~/lib/customer/page.server.ts", /quotes\/ is a trade/],
  ["app/lib/visits/example.ts", "../quotes/quotes.server.ts", /visits\/ is a trade/],
  ["app/lib/db/example.ts", "../requests/lead.ts", /db\/ is a common room, it imports no trade/],
  ["app/lib/db/migrations/example.ts", "../../jobs/jobs.server.ts", /db\/ is a common room/],
  ["app/lib/time/example.ts", "../mail/letter.ts", /time\/ is a common room/],
  ["app/lib/jobs/example.ts", "../../lib/requests/lead.ts", /jobs\/ is a common room/],
])("%s may not import %s", { timeout: 30_000 }, async (file, target, message) => {
  expect(await refusals(file, target)).toEqual([expect.stringMatching(message)]);
});

it.each([
  ["scripts/example.ts", "../server/compress.ts"],
  ["server/example.ts", "../app/lib/requests/leads.server.ts"],
  ["app/routes/example.tsx", "~/components/forms/Field.tsx"],
  ["app/lib/example.ts", "../content/index.ts"],
  ["app/lib/customer/example.ts", "../invoices/invoices.server.ts"],
  ["app/lib/invoices/example.ts", "~/lib/quotes/money.ts"],
  ["app/lib/action-table/example.ts", "../customer/page.server.ts"],
  ["app/lib/requests/example.ts", "../../content/index.ts"],
  ["app/lib/mail/example.ts", "../time/words.ts"],
  ["app/lib/db/migrations/example.ts", "../connection.server.ts"],
])("%s may import %s", { timeout: 30_000 }, async (file, target) => {
  expect(await refusals(file, target)).toEqual([]);
});

const LIB = path.join(ROOT, "app/lib");
const rooms = readdirSync(LIB, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

it("app/lib holds rooms only, no loose files", () => {
  expect(readdirSync(LIB, { withFileTypes: true }).filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
});

it.each(rooms)("the decision record names app/lib/%s/ with its place", (room) => {
  expect(readFileSync(path.join(ROOT, "docs/decisions/0018-rooms-and-arrows.md"), "utf8")).toContain(`| \`${room}/\` |`);
});

it.each(rooms.filter((room) => room !== "customer" && room !== "action-table"))("app/lib/%s/ has its block: it may not import the customer's room", { timeout: 30_000 }, async (room) => {
  expect(await refusals(`app/lib/${room}/example.ts`, "../customer/page.server.ts")).toEqual([expect.stringMatching(`app/lib/${room}/ is a`)]);
});
