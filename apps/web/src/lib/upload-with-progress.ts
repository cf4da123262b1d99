import { t } from 'i18next';
/**
 * POSTs a form with XMLHttpRequest, the one browser API that reports upload progress (fetch does
 * not). Resolves with the answer's status and JSON body; rejects only when the request fails.
 */
export function postFormWithProgress(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: request.response as unknown });
    request.onerror = () => reject(new TypeError(t('classMaterial.uploadNetworkError')));
    request.onabort = () => reject(new TypeError(t('classMaterial.uploadInterrupted')));
    request.send(form);
  });
}
