/**
 * A rendered page's form as a browser would post it: every field the form holds with its value
 * (hidden ones included, a ticked box or a chosen radio only when it is ticked, a select's chosen
 * option), so a test can post what the page gave it, as the owner's phone does.
 */

const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

const attribute = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decode(value);
};
const has = (tag: string, name: string) => new RegExp(`\\s${name}(=|[\\s/>])`).test(tag);

/** The fields of the first `<form>` of `html` whose markup contains `marker` (a button's words, say), in page order. */
export function formFields(html: string, marker: string): [string, string][] {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((match) => match[0]).find((one) => one.includes(marker));
  if (!form) throw new Error(`no form on the page holds ${JSON.stringify(marker)}`);
  const fields: [string, string][] = [];
  for (const [control] of form.matchAll(/<input\b[^>]*>|<textarea\b[^>]*>[\s\S]*?<\/textarea>|<select\b[^>]*>[\s\S]*?<\/select>/g)) {
    const tag = /^<[^>]*>/.exec(control)![0];
    const name = attribute(tag, "name");
    if (!name || has(tag, "disabled")) continue;
    if (tag.startsWith("<textarea")) fields.push([name, decode(/^<textarea[^>]*>([\s\S]*)<\/textarea>$/.exec(control)![1]!).replace(/^\n/, "")]);
    else if (tag.startsWith("<select")) {
      const options = [...control.matchAll(/<option\b[^>]*>/g)].map((match) => match[0]);
      const chosen = options.find((option) => has(option, "selected")) ?? options[0];
      if (chosen) fields.push([name, attribute(chosen, "value") ?? ""]);
    } else {
      const type = attribute(tag, "type") ?? "text";
      if (["submit", "button", "reset", "image", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !has(tag, "checked")) continue;
      fields.push([name, attribute(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
    }
  }
  return fields;
}

/** `fields` with each of `typed` set as the owner types it: a field the form has is replaced in place, a new one added. */
export function typeInto(fields: [string, string][], typed: Record<string, string>): [string, string][] {
  const out = fields.map(([name, value]): [string, string] => [name, name in typed ? typed[name]! : value]);
  for (const [name, value] of Object.entries(typed)) if (!fields.some(([one]) => one === name)) out.push([name, value]);
  return out;
}

/** A form posted with these fields, each once, as a test's FormData. */
export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}
