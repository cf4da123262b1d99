import { t } from 'i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState, type ReactNode } from 'react';

// PDF.js draws the pages onto canvases: no browser PDF viewer, so no download or print button,
// and it works the same headless. This module (and PDF.js) loads only when a PDF is opened.
GlobalWorkerOptions.workerSrc = workerUrl;

interface PdfViewerProps {
  /** The PDF's address, or its bytes when they were fetched with the session's token (the page's CSP keeps PDF.js off blob: addresses). */
  src: string | Uint8Array;
  title: string;
  onReadError: () => void;
  watermark: ReactNode;
}

/** One page, drawn when it first comes near the screen, at the width it is shown. */
function PdfPage({ pdf, number }: { pdf: PDFDocumentProxy; number: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let cancelled = false;
    const draw = async () => {
      const page = await pdf.getPage(number);
      const width = element.parentElement?.clientWidth ?? 800;
      const unscaled = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (width / unscaled.width) * (window.devicePixelRatio || 1) });
      element.width = Math.floor(viewport.width);
      element.height = Math.floor(viewport.height);
      await page.render({ canvas: element, viewport }).promise;
      if (!cancelled) setDrawn(true);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void draw().catch((error: unknown) => console.error('PDF page draw failed', error));
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [pdf, number]);

  return (
    <Box sx={{ position: 'relative', bgcolor: 'common.white', boxShadow: 2, mb: 2 }}>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={t('classMaterial.pageNumber', { number })}
        data-drawn={drawn ? 'true' : 'false'}
        sx={{ display: 'block', width: '100%', height: 'auto', minHeight: drawn ? 0 : 400 }}
      />
    </Box>
  );
}

export function PdfViewer({ src, title, onReadError, watermark }: PdfViewerProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);

  useEffect(() => {
    // PDF.js takes bytes over to its worker: a copy each time, so a second run of the effect still has them.
    const task = getDocument(typeof src === 'string' ? { url: src, isEvalSupported: false } : { data: src.slice(), isEvalSupported: false });
    task.promise.then(setPdf, (error: unknown) => {
      console.error('PDF load failed', error);
      onReadError();
    });
    return () => void task.destroy();
  }, [src, onReadError]);

  return (
    <Box sx={{ position: 'relative', width: '100%', maxWidth: 900, mx: 'auto' }} aria-label={title} role="document">
      {!pdf ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('classMaterial.loadingPdf')} />
        </Box>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'grey.400', mb: 1 }}>
            {pdf.numPages} {pdf.numPages === 1 ? 'page' : 'pages'}
          </Typography>
          {Array.from({ length: pdf.numPages }, (_, index) => (
            <PdfPage key={index} pdf={pdf} number={index + 1} />
          ))}
        </>
      )}
      {/* Fixed over the screen, so the mark stays in view however far the pages scroll. */}
      <Box sx={{ position: 'fixed', inset: 0, pointerEvents: 'none', zIndex: 2 }}>{watermark}</Box>
    </Box>
  );
}
