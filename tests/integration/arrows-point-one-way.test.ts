/**
 * The rooms' import rule (eslint.config.js, docs/decisions/0018-rooms-and-arrows.md) fails
 * `npm run lint` on an arrow that runs back up, and lets the ones that point down through.
 */
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
  ["app/enhance/example.ts", "../lib/leads.server.ts", /never imports server-only/],
])("%s may not import %s", { timeout: 30_000 }, async (file, target, message) => {
  expect(await refusals(file, target)).toEqual([expect.stringMatching(message)]);
});

it.each([
  ["scripts/example.ts", "../server/compress.ts"],
  ["server/example.ts", "../app/lib/leads.server.ts"],
  ["app/routes/example.tsx", "~/components/forms/Field.tsx"],
  ["app/lib/example.ts", "../content/index.ts"],
])("%s may import %s", { timeout: 30_000 }, async (file, target) => {
  expect(await refusals(file, target)).toEqual([]);
});
