/**
 * Words a developer writes and the roofer or his customer should never read (issue 26 §7): file
 * names, commands, {placeholders}, field keys in camelCase, ISO dates and times, programming
 * values, and "request number". `developerWords` lists each found in a text, with where it was.
 */
const RULES: [string, RegExp][] = [
  ["a file name", /\b[\w-]+\.(?:json|ts|tsx|js|sqlite|env|md|csv)\b/g],
  ["a command", /\b(?:npm|npx|node|sudo|systemctl) [a-z-]+/g],
  ["a placeholder", /\{[a-zA-Z]+\}/g],
  ["a field key", /\b[a-z]+(?:[A-Z][a-z]+)+\b/g],
  ["an ISO date", /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}[^\s]*)?/g],
  ["a programming value", /\b(?:undefined|null|NaN)\b|\[object \w+\]/g],
  ["a setting", /\b[A-Z]{2,}_[A-Z_]+\b/g],
  ["the request number", /\brequest number\b/gi],
  ["a doubled full stop", /[^.]\.\.(?!\.)/g],
];

/** Words that look like field keys and are not: brand names people write this way. */
const ALLOWED = /^(?:iPhones?|iPads?|eBay|macOS|iOS)$/;

export function developerWords(shown: string): string[] {
  // An address shown to be copied (a private link, the calendar feed) is an address, not words:
  // its random part may look like anything.
  const text = shown.replace(/\b(?:https?|webcal):\/\/\S+/g, "[address]");
  const found: string[] = [];
  for (const [what, rule] of RULES) {
    for (const match of text.matchAll(rule)) {
      if (!ALLOWED.test(match[0])) found.push(`${what}: "${match[0]}" in "…${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).replace(/\s+/g, " ")}…"`);
    }
  }
  return found;
}
