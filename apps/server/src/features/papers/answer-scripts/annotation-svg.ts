// A page's annotations as SVG in the page's own pixels (answer-scripts.md 'Annotations'), for
// flattening onto the page; and the box of marks drawn on a marked script's first page.
import type { Annotation, AnnotationColor } from '@academy/contract';

const COLOURS: Record<AnnotationColor, string> = { red: '#d32f2f', blue: '#1565c0', green: '#2e7d32' };

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function shapeSvg(shape: Annotation): string {
  const colour = COLOURS[shape.color];
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
      return `<text x="${round(shape.x)}" y="${round(shape.y + shape.size)}" font-family="Noto Sans Sinhala, Noto Sans, sans-serif" font-size="${round(shape.size)}" fill="${colour}">${escapeXml(shape.text)}</text>`;
  }
}

export interface MarksBox {
  lines: string[];
}

/** The box of marks at the page's top right: one line a question, then the total, each line its own text. */
function marksBoxSvg(box: MarksBox, width: number): string {
  const size = Math.max(14, Math.round(width / 45));
  const lineHeight = Math.round(size * 1.35);
  const boxWidth = Math.round(Math.min(width * 0.45, size * 16));
  const boxHeight = lineHeight * box.lines.length + size;
  const left = width - boxWidth - size;
  const texts = box.lines
    .map((line, index) => `<text x="${left + size / 2}" y="${size + (index + 1) * lineHeight - size * 0.3}" font-family="Noto Sans Sinhala, Noto Sans, sans-serif" font-size="${size}" fill="${COLOURS.red}">${escapeXml(line)}</text>`)
    .join('');
  return `<rect x="${left}" y="${size}" width="${boxWidth}" height="${boxHeight}" fill="#ffffff" fill-opacity="0.88" stroke="${COLOURS.red}" stroke-width="2"/>${texts}`;
}

/** The SVG laid over one page: its shapes, and on the first page the marks. */
export function pageOverlaySvg(size: { width: number; height: number }, shapes: readonly Annotation[], box?: MarksBox): Buffer {
  const body = shapes.map(shapeSvg).join('') + (box ? marksBoxSvg(box, size.width) : '');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">${body}</svg>`);
}
