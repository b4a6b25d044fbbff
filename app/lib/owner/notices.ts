/**
 * The words for a change just made, from the address it sent the owner back to (`?saved`,
 * `?removed`): the first of `notices` whose name the address carries.
 */
export function noticeOf(url: URL, notices: Record<string, string>): string | undefined {
  return Object.entries(notices).find(([key]) => url.searchParams.has(key))?.[1];
}
