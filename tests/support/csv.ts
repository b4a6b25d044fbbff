/**
 * A CSV file read back as a spreadsheet or Xero's import would: a byte-order mark at the start is
 * the file's sign of UTF-8, not text; quoted cells, doubled quotes, CRLF rows; each row keyed by
 * the header.
 */
export function readCsv(file: string): Record<string, string>[] {
  const text = file.startsWith("\uFEFF") ? file.slice(1) : file;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let inQuotes = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inQuotes && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (inQuotes) {
      if (char === '"') inQuotes = false;
      else cell += char;
    } else if (char === '"') {
      inQuotes = true;
    } else if (char === ",") {
      endCell();
    } else if (char === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else {
      cell += char;
    }
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ""])));
}

/** "1200.00" → 120000 pence, "-3600.00" → -360000, without a float. */
export function pence(text: string): number {
  const match = /^(-?)(\d+)\.(\d\d)$/.exec(text);
  if (!match) throw new Error(`not a plain amount: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/**
 * What a tax-exclusive import makes of an invoice's rows: each line quantity × unit amount (to the
 * penny, half up) plus its tax amount, summed per invoice number.
 */
export function totalsByNumber(rows: Record<string, string>[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const [whole, part = ""] = row["*Quantity"]!.split(".");
    const hundredths = Number(whole) * 100 + Number(part.padEnd(2, "0"));
    const unit = pence(row["*UnitAmount"]!);
    const line = Math.sign(unit) * Math.round((Math.abs(unit) * hundredths) / 100);
    totals.set(row["*InvoiceNumber"]!, (totals.get(row["*InvoiceNumber"]!) ?? 0) + line + pence(row.TaxAmount!));
  }
  return totals;
}
