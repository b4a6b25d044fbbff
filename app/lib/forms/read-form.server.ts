/**
 * The posted form. A body that is not a readable form (a broken multipart upload) counts as an
 * empty form, so the visitor gets the usual field messages with a 400 instead of an error page.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
