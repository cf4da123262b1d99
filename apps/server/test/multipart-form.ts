export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body with file parts, for inject(): what a browser's FormData sends. */
export function multipartFiles(files: FilePart[]) {
  const boundary = `----academy${crypto.randomUUID().replace(/-/g, '')}`;
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The same with one file part. */
export function multipartForm(field: string, filename: string, contentType: string, bytes: Buffer) {
  return multipartFiles([{ field, filename, contentType, bytes }]);
}
