/** Hands a file fetched with the session's token to the browser as a download, under `filename`. */
export function saveDownload(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
