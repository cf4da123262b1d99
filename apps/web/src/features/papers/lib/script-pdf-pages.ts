import { WRITTEN_LIMITS } from '@academy/contract';
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// A PDF a student made of their pages is turned into a photo per page here, on the phone, before it
// is sent (docs/design/answer-scripts.md, 'By content'): the server takes only photos, and a PDF's
// own metadata never leaves the phone. Loaded only when a PDF is picked (PDF.js is large).
GlobalWorkerOptions.workerSrc = workerUrl;

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The page could not be drawn'))), 'image/jpeg', 0.85));
}

/** Each page of the PDF as a JPEG of at most the stored size, in order; at most `limit` pages. */
export async function pdfToPhotos(file: Blob, name: string, limit: number): Promise<{ blob: Blob; name: string }[]> {
  const pdf = await getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false }).promise;
  try {
    const photos: { blob: Blob; name: string }[] = [];
    const base = name.replace(/\.pdf$/i, '');
    for (let number = 1; number <= Math.min(pdf.numPages, limit); number += 1) {
      const page = await pdf.getPage(number);
      const unscaled = page.getViewport({ scale: 1 });
      const scale = Math.min(3, WRITTEN_LIMITS.pageMaxSidePx / Math.max(unscaled.width, unscaled.height));
      const viewport = page.getViewport({ scale });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      // JPEG has no transparency: a PDF page without a background is drawn on white.
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, canvas.width, canvas.height);
      }
      await page.render({ canvas, viewport }).promise;
      photos.push({ blob: await canvasBlob(canvas), name: `${base}-${number}.jpg` });
      page.cleanup();
    }
    return photos;
  } finally {
    void pdf.destroy();
  }
}
