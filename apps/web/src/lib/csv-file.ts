// Tables the tutor exports from the browser (a lesson's viewers, a paper's results) are written the
// same way: cells a spreadsheet cannot run, a byte-order mark for Excel, and a download of the text.

export type CsvValue = string | number | null;

/** A spreadsheet cell: quoted, and text that starts with = + - @ defused so a name never runs as a formula. */
export function csvCell(value: CsvValue): string {
  const text = value === null ? '' : String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows as CSV: UTF-8 with a BOM, so Excel reads Sinhala names, and CRLF line ends (RFC 4180). */
export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
