/**
 * A reference ("K-1001", "INV-2026-0001"), a sort code, an account number or an account name:
 * kept whole, so a narrow screen or big text never breaks it at a hyphen or mid-word. Words
 * apart wrap only at their spaces. The text copied is the text shown.
 */
export function Unbroken({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\s+)/).map((part, i) =>
        /^\s*$/.test(part) ? (
          part
        ) : (
          <span key={i} className="whitespace-nowrap">
            {part}
          </span>
        ),
      )}
    </>
  );
}
