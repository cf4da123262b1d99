import type { Annotation } from '@academy/contract';
import { crossPath, penPath, SHAPE_COLORS, tickPath } from '../lib/script-annotations';

/** One shape as SVG, in the page's own pixels (the SVG's viewBox is the page's size). */
function Shape({ shape }: { shape: Annotation }) {
  const color = SHAPE_COLORS[shape.color];
  switch (shape.kind) {
    case 'pen':
      return <path d={penPath(shape.points)} fill="none" stroke={color} strokeWidth={shape.width} strokeLinecap="round" strokeLinejoin="round" />;
    case 'tick':
      return <path d={tickPath(shape.x, shape.y, shape.size)} fill="none" stroke={color} strokeWidth={shape.size / 8} strokeLinecap="round" strokeLinejoin="round" />;
    case 'cross':
      return <path d={crossPath(shape.x, shape.y, shape.size)} fill="none" stroke={color} strokeWidth={shape.size / 8} strokeLinecap="round" />;
    case 'text':
      return (
        <text x={shape.x} y={shape.y} fill={color} fontSize={shape.size} dominantBaseline="hanging" fontFamily="'Noto Sans Sinhala', sans-serif" fontWeight={600}>
          {shape.text}
        </text>
      );
  }
}

/** The marks of a page, drawn over it. */
export function ScriptShapes({ shapes }: { shapes: readonly Annotation[] }) {
  return (
    <>
      {shapes.map((shape, index) => (
        <Shape key={index} shape={shape} />
      ))}
    </>
  );
}
