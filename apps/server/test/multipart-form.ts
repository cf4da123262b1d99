export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body with file parts (after any text `fields`), for inject(): what a browser's FormData sends. */
export function multipartFiles(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----academy${crypto.randomUUID().replace(/-/g, '')}`;
  const text = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...text, ...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The same with one file part. */
export function multipartForm(field: string, filename: string, contentType: string, bytes: Buffer) {
  return multipartFiles([{ field, filename, contentType, bytes }]);
}
