/**
 * GOV.UK's error summary: at the top of a refused form, "There is a problem" and each message as a
 * link to its field, where the same message sits again. Announced as the page arrives (role alert).
 */
export function ErrorSummary({ errors, idOf }: { errors: Partial<Record<string, string>>; idOf: (field: string) => string }) {
  const wrong = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (!wrong.length) return null;
  return (
    <div role="alert" aria-labelledby="error-summary-title" className="card space-y-2 border-4 border-danger">
      <h2 id="error-summary-title" className="text-lg">
        There is a problem
      </h2>
      <ul className="space-y-1">
        {wrong.map(([field, message]) => (
          <li key={field}>
            <a href={`#${idOf(field)}`} className="link font-semibold text-danger">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
