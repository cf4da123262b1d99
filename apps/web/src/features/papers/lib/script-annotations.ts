import { WRITTEN_LIMITS, type Annotation, type AnnotationColor } from '@academy/contract';

// The marks a marker draws on a page, as the contract keeps them: in the page's own pixels, so
// the same shapes draw on the marking screen, on the student's returned page and (by the server)
// on the marked PDF. An SVG whose viewBox is the page's size draws them at any width on screen.

/** The colours as they are drawn: a marker's red, and a blue and green that read on white paper. */
export const SHAPE_COLORS: Record<AnnotationColor, string> = { red: '#d32f2f', blue: '#1565c0', green: '#2e7d32' };

/** A tool's default size, a share of the page's width, so a tick reads the same on a 1,000 or 2,000 px photo. */
const MARK_SHARE = 0.06;
const TEXT_SHARE = 0.03;
const PEN_SHARE = 0.004;

function within(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function markSizeFor(pageWidth: number): number {
  return Math.round(within(pageWidth * MARK_SHARE, WRITTEN_LIMITS.markSizeMin, WRITTEN_LIMITS.markSizeMax));
}

export function textSizeFor(pageWidth: number): number {
  return Math.round(within(pageWidth * TEXT_SHARE, WRITTEN_LIMITS.textSizeMin, WRITTEN_LIMITS.textSizeMax));
}

export function penWidthFor(pageWidth: number): number {
  return Math.round(within(pageWidth * PEN_SHARE, WRITTEN_LIMITS.penWidthMin, WRITTEN_LIMITS.penWidthMax) * 10) / 10;
}

/** A point held on the page: a pointer dragged past an edge draws along the edge. */
export function onPage(x: number, y: number, width: number, height: number): [number, number] {
  return [Math.round(within(x, 0, width) * 10) / 10, Math.round(within(y, 0, height) * 10) / 10];
}

/** A tick centred on (x, y): a short stroke down to the left, a long one up to the right. */
export function tickPath(x: number, y: number, size: number): string {
  const h = size / 2;
  return `M ${x - h} ${y} L ${x - h / 3} ${y + h * 0.7} L ${x + h} ${y - h * 0.8}`;
}

/** A cross centred on (x, y). */
export function crossPath(x: number, y: number, size: number): string {
  const h = size / 2.4;
  return `M ${x - h} ${y - h} L ${x + h} ${y + h} M ${x + h} ${y - h} L ${x - h} ${y + h}`;
}

/** A pen stroke's flat pairs as one SVG path. */
export function penPath(points: readonly number[]): string {
  const parts: string[] = [];
  for (let index = 0; index + 1 < points.length; index += 2) parts.push(`${index === 0 ? 'M' : 'L'} ${points[index]} ${points[index + 1]}`);
  return parts.join(' ');
}

/**
 * Adds a pointer's point to a stroke unless it lies within `minStep` of the last one kept: a
 * hand's jitter would otherwise fill the page's 2,000-point allowance in a few seconds.
 */
export function addStrokePoint(points: readonly number[], x: number, y: number, minStep: number): number[] {
  const lastX = points[points.length - 2];
  const lastY = points[points.length - 1];
  if (lastX !== undefined && lastY !== undefined && Math.hypot(x - lastX, y - lastY) < minStep) return [...points];
  if (points.length >= WRITTEN_LIMITS.penPointsMax * 2) return [...points];
  return [...points, x, y];
}

/** A stroke the contract takes: a tap (one point) becomes a dot, two points in one place. */
export function finishStroke(points: readonly number[]): number[] {
  if (points.length >= WRITTEN_LIMITS.penPointsMin * 2) return [...points];
  const [x = 0, y = 0] = points;
  return [x, y, x, y];
}

export type Tool = 'pen' | 'tick' | 'cross' | 'text';

/** A tick, cross or text where the marker pressed, sized for the page. */
export function shapeAt(tool: Exclude<Tool, 'pen'>, x: number, y: number, pageWidth: number, color: AnnotationColor, text = ''): Annotation {
  if (tool === 'text') return { kind: 'text', x, y, text: text.trim().slice(0, WRITTEN_LIMITS.textMax), size: textSizeFor(pageWidth), color };
  return { kind: tool, x, y, size: markSizeFor(pageWidth), color };
}

/** The shapes of a page with the steps that made them, so Undo takes back the last one. */
export interface PageMarks {
  shapes: Annotation[];
  /** Earlier states of `shapes`, the latest last. */
  past: Annotation[][];
}

export function pageMarks(shapes: readonly Annotation[]): PageMarks {
  return { shapes: [...shapes], past: [] };
}

/** A shape added; past the contract's count per page, nothing changes. */
export function addShape(marks: PageMarks, shape: Annotation): PageMarks {
  if (marks.shapes.length >= WRITTEN_LIMITS.shapesPerPageMax) return marks;
  return { shapes: [...marks.shapes, shape], past: [...marks.past, marks.shapes] };
}

export function clearShapes(marks: PageMarks): PageMarks {
  return marks.shapes.length === 0 ? marks : { shapes: [], past: [...marks.past, marks.shapes] };
}

export function undoShape(marks: PageMarks): PageMarks {
  const previous = marks.past[marks.past.length - 1];
  return previous ? { shapes: previous, past: marks.past.slice(0, -1) } : marks;
}

export function canUndo(marks: PageMarks): boolean {
  return marks.past.length > 0;
}
