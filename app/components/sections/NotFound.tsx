/** The not-found page (DECISIONS.md item 2). The server answers it with HTTP 404. */

// One small static script tells the console which path was missing; its CSP hash is fixed. A
// private link's token (/c/…, /q/…, /review/…, /admin/invite/…, /calendar/…) is written [token], as in the server's log.
export const NOT_FOUND_SCRIPT =
  'console.error("404 Error: User attempted to access non-existent route:", location.pathname.replace(/\\/(c|q|review|invite|calendar)\\/[^/]+/gi, "/$1/[token]"));';

export function NotFound() {
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <p className="text-7xl font-extrabold text-accent-dark" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl">
        <span className="sr-only">404: </span>Oops! Page not found
      </h1>
      <p className="mt-3 max-w-md text-muted">The page you were looking for isn't here. It may have moved, or the address may be mistyped.</p>
      <a href="/" className="btn-primary mt-8">
        Return to Home
      </a>
      <script dangerouslySetInnerHTML={{ __html: NOT_FOUND_SCRIPT }} />
    </section>
  );
}
