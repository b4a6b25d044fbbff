import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** An import pattern that a room must not use, and why. */
const BELOW_SCRIPTS = { group: ["**/scripts/**", "**/tests/**", "**/bench/**"], message: "The running site never imports build tasks, tests or benchmarks: move what both need into app/ or server/, and let the script call it." };
const NOT_SERVER = { group: ["**/server/**"], message: "app/ never imports server/: the server hands services in through React Router's context." };
const NOT_ROUTES = { group: ["~/routes/**", "**/routes/**", "~/root*", "**/root.tsx"], message: "Only the route table reaches route modules; share the code through app/lib or app/components." };
const NOT_COMPONENTS = { group: ["~/components/**", "**/components/**"], message: "lib/ must not import components; put shared types in app/lib/." };
const NOT_LIB = { group: ["~/lib/**", "**/lib/**"], message: "app/content is the bottom room: the data and its schemas import nothing of the app." };
const NOT_SERVER_ONLY = { group: ["**/*.server", "**/*.server.ts"], message: "A browser script never imports server-only code." };

/**
 * The rooms of app/lib from the bottom up (docs/decisions/0018-rooms-and-arrows.md): first the
 * common rooms, which know no trade, then the trades. Each imports only the rooms listed before it.
 */
const COMMON_ROOMS = ["db", "pictures", "brand", "time", "forms", "photos", "public-site", "links", "jobs", "mail", "pdf"];
const TRADES = ["owner", "requests", "services", "actions", "enquiries", "visits", "quotes", "invoices", "reviews", "site", "insights", "offline", "customer", "action-table"];
const LIB_ROOMS = [...COMMON_ROOMS, ...TRADES];

/** The pattern that keeps the room `name` of app/lib from importing the rooms above it (none for the top room). */
function belowOnly(name) {
  const above = LIB_ROOMS.slice(LIB_ROOMS.indexOf(name) + 1);
  if (above.length === 0) return [];
  const kind = COMMON_ROOMS.includes(name) ? "a common room, it imports no trade and" : "a trade, it";
  return [
    {
      regex: `^(~/lib/|(\\.\\./)+|.*/lib/)(${above.join("|")})/`,
      message: `app/lib/${name}/ is ${kind} imports only the rooms below it; ${above.join(", ")} stand above it. Move what both need down (docs/decisions/0018-rooms-and-arrows.md).`,
    },
  ];
}

/** One block per room (files a room holds, and what they must not import); the last block for a file wins, so each lists all. */
function roomRules() {
  const room = (files, patterns) => ({ files, ignores: ["**/*.test.{ts,tsx}"], rules: { "no-restricted-imports": ["error", { patterns }] } });
  const LIB = [BELOW_SCRIPTS, NOT_SERVER, NOT_ROUTES, NOT_COMPONENTS];
  return [
    room(["app/**/*.{ts,tsx}", "server/**/*.ts"], [BELOW_SCRIPTS]),
    room(["app/**/*.{ts,tsx}"], [BELOW_SCRIPTS, NOT_SERVER]),
    room(["app/components/**/*.{ts,tsx}"], [BELOW_SCRIPTS, NOT_SERVER, NOT_ROUTES]),
    room(["app/lib/**/*.{ts,tsx}"], LIB),
    ...LIB_ROOMS.map((name) => room([`app/lib/${name}/**/*.{ts,tsx}`], [...LIB, ...belowOnly(name)])),
    room(["app/content/**/*.{ts,tsx}"], [BELOW_SCRIPTS, NOT_SERVER, NOT_ROUTES, NOT_COMPONENTS, NOT_LIB]),
    room(["app/enhance/**/*.ts"], [BELOW_SCRIPTS, NOT_SERVER, NOT_ROUTES, NOT_COMPONENTS, NOT_SERVER_ONLY]),
    room(["server/**/*.ts"], [BELOW_SCRIPTS, NOT_ROUTES, NOT_COMPONENTS]),
  ];
}

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "public/", "test-results/", "playwright-report/", "screenshots/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  // The rooms and which may import which: docs/decisions/0018-rooms-and-arrows.md. Tests and
  // benchmarks may reach anything; the running code never reaches into build tasks or tests.
  ...roomRules(),
  {
    files: ["**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright reads fixture names from the destructuring pattern, so `({}, testInfo)` is its idiom.
    files: ["tests/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
