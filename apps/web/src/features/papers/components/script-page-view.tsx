import { t } from 'i18next';
import type { Annotation } from '@academy/contract';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type PointerEventHandler, type ReactNode, type Ref } from 'react';
import { usePageImageQuery } from '../api/script-page-image';
import { ScriptShapes } from './script-shapes';

interface ScriptPageViewProps {
  paperId: string;
  page: { id: string; number: number; width: number; height: number };
  shapes: readonly Annotation[];
  /** Drawn over the shapes (the stroke being drawn). */
  extra?: ReactNode;
  svgRef?: Ref<SVGSVGElement>;
  onPointerDown?: PointerEventHandler<SVGSVGElement>;
  onPointerMove?: PointerEventHandler<SVGSVGElement>;
  onPointerUp?: PointerEventHandler<SVGSVGElement>;
  cursor?: string;
  maxHeight?: string;
}

/**
 * The picture from a blob address made for as long as it is shown, set on the SVG's <image> directly.
 * Once the picture has loaded the element says so (`data-drawn`): what a benchmark or a browser test
 * waits for to know the page is on screen, not just fetched.
 */
function PageImage({ blob, width, height }: { blob: Blob; width: number; height: number }) {
  const image = useRef<SVGImageElement>(null);
  useEffect(() => {
    const node = image.current;
    if (!node) return;
    const address = URL.createObjectURL(blob);
    const drawn = () => node.setAttribute('data-drawn', 'true');
    node.removeAttribute('data-drawn');
    node.addEventListener('load', drawn);
    node.setAttribute('href', address);
    return () => {
      node.removeEventListener('load', drawn);
      URL.revokeObjectURL(address);
    };
  }, [blob]);
  return <image ref={image} x={0} y={0} width={width} height={height} />;
}

/**
 * A page of an answer script with its marks drawn over it: the picture and the shapes share one
 * SVG whose viewBox is the page's size, so the shapes sit where they were drawn at any width.
 */
export function ScriptPageView({ paperId, page, shapes, extra, svgRef, onPointerDown, onPointerMove, onPointerUp, cursor, maxHeight }: ScriptPageViewProps) {
  const query = usePageImageQuery(paperId, page.id);
  const label = t('answerScripts.pageOf', { number: page.number });
  if (query.error) {
    return <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{t('answerScripts.pageFailed', { number: page.number })}</Typography>;
  }
  return (
    <Box sx={{ position: 'relative', width: '100%', bgcolor: 'common.white', boxShadow: 2, lineHeight: 0 }}>
      {!query.data ? (
        <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: `${page.width} / ${page.height}` }} aria-label={t('general.loading')} />
      ) : (
        <Box
          component="svg"
          ref={svgRef}
          role="img"
          aria-label={label}
          data-page-id={page.id}
          data-shapes={shapes.length}
          viewBox={`0 0 ${page.width} ${page.height}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          sx={{ display: 'block', width: '100%', height: 'auto', maxHeight, touchAction: onPointerDown ? 'none' : 'auto', cursor, userSelect: 'none' }}
        >
          <PageImage blob={query.data} width={page.width} height={page.height} />
          <ScriptShapes shapes={shapes} />
          {extra}
        </Box>
      )}
    </Box>
  );
}
