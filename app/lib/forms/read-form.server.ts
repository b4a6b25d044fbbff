/**
 * The posted form, the one way every action reads one: each text field as `plainText` (no control
 * character but the line feed), files as they came. A body that is not a readable form (a broken
 * multipart upload) counts as an empty form, so the visitor gets the usual field messages with a
 * 400 instead of an error page.
 */
import { plainText } from "./plain-text.ts";

export async function readForm(request: Request): Promise<FormData> {
  let posted: FormData;
  try {
    posted = await request.formData();
  } catch {
    return new FormData();
  }
  const form = new FormData();
  for (const [name, value] of posted) form.append(name, typeof value === "string" ? plainText(value) : value);
  return form;
}
