// A page's drawn annotations as SVG in the page's own pixels (answer-scripts.md 'Annotations'), for
// flattening onto the page; text marks are left to marked-pdf.ts, which writes them as PDF text.
import type { Annotation, AnnotationColor } from '@academy/contract';

export const ANNOTATION_COLOURS: Record<AnnotationColor, string> = { red: '#d32f2f', blue: '#1565c0', green: '#2e7d32' };

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function shapeSvg(shape: Annotation): string {
  const colour = ANNOTATION_COLOURS[shape.color];
  switch (shape.kind) {
    case 'pen': {
      const points: string[] = [];
      for (let at = 0; at + 1 < shape.points.length; at += 2) points.push(`${round(shape.points[at] ?? 0)},${round(shape.points[at + 1] ?? 0)}`);
      return `<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="${round(shape.width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    case 'tick': {
      const { x, y, size } = shape;
      const d = `M${round(x - size / 2)},${round(y)} L${round(x - size / 6)},${round(y + size / 3)} L${round(x + size / 2)},${round(y - size / 2)}`;
      return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${round(size / 8)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    case 'cross': {
      const { x, y, size } = shape;
      const h = size / 2;
      const width = round(size / 8);
      return (
        `<line x1="${round(x - h)}" y1="${round(y - h)}" x2="${round(x + h)}" y2="${round(y + h)}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>` +
        `<line x1="${round(x - h)}" y1="${round(y + h)}" x2="${round(x + h)}" y2="${round(y - h)}" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`
      );
    }
    case 'text':
      // Drawn as PDF text by marked-pdf.ts, in an embedded Sinhala font: not pixels.
      return '';
  }
}

/** The SVG laid over one page: its pens, ticks and crosses (its texts and the box of marks are PDF text). */
export function pageOverlaySvg(size: { width: number; height: number }, shapes: readonly Annotation[]): Buffer {
  const body = shapes.map(shapeSvg).join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">${body}</svg>`);
}
