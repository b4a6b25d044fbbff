import { data } from "react-router";

/** The posted form, or a 400 answer when the body is not a readable form. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("The form could not be read", { status: 400 });
  }
}
