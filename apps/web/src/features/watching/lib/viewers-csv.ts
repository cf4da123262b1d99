import type { LessonViewer } from '@academy/contract';

/** A spreadsheet cell: quoted, and a leading = + - @ defused so a name never runs as a formula. */
function cell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The Viewers table as CSV (UTF-8 with a BOM, so Excel reads Sinhala names). */
export function viewersCsv(viewers: LessonViewer[], headings: string[]): string {
  const rows = viewers.map((viewer) => [viewer.name, viewer.regNo, viewer.batch, viewer.watchedPercent, viewer.lastWatchedAt]);
  return `\uFEFF${[headings, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function downloadText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
