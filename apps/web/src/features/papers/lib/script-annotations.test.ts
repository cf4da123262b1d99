import { annotationsBodySchema, WRITTEN_LIMITS } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import {
  addShape,
  addStrokePoint,
  canUndo,
  clearShapes,
  crossPath,
  finishStroke,
  markSizeFor,
  onPage,
  pageMarks,
  penPath,
  shapeAt,
  tickPath,
  undoShape,
} from './script-annotations';
import { markingAction } from './script-marking-keys';
import { readMark, totalMarks, unmarkedLabels } from './script-marks';

describe('the shapes drawn on a page', () => {
  it('makes ticks, crosses and texts the contract takes, sized for the page', () => {
    const shapes = [shapeAt('tick', 100, 200, 1500, 'red'), shapeAt('cross', 10, 10, 400, 'blue'), shapeAt('text', 5, 5, 1500, 'green', '  Good point  ')];
    expect(annotationsBodySchema.safeParse({ annotations: shapes }).success).toBe(true);
    expect(shapes[2]).toMatchObject({ kind: 'text', text: 'Good point' });
    expect(markSizeFor(1500)).toBe(90);
    // A tiny page still gets the smallest size the contract allows.
    expect(markSizeFor(50)).toBe(WRITTEN_LIMITS.markSizeMin);
  });

  it('draws a tick, a cross and a stroke as SVG paths around their points', () => {
    expect(tickPath(100, 100, 60)).toBe('M 70 100 L 90 121 L 130 76');
    expect(crossPath(100, 100, 48)).toBe('M 80 80 L 120 120 M 120 80 L 80 120');
    expect(penPath([1, 2, 3, 4, 5, 6])).toBe('M 1 2 L 3 4 L 5 6');
  });

  it('keeps a stroke on the page and drops the jitter of a hand', () => {
    expect(onPage(-5, 2000, 1000, 1400)).toEqual([0, 1400]);
    let points = addStrokePoint([], 10, 10, 3);
    points = addStrokePoint(points, 11, 11, 3);
    points = addStrokePoint(points, 20, 10, 3);
    expect(points).toEqual([10, 10, 20, 10]);
    // A tap is a dot: the contract wants two points.
    expect(finishStroke([7, 8])).toEqual([7, 8, 7, 8]);
    expect(annotationsBodySchema.safeParse({ annotations: [{ kind: 'pen', points: finishStroke([7, 8]) }] }).success).toBe(true);
  });

  it('undoes the last step, a clear included, and stops at the first', () => {
    let marks = pageMarks([]);
    expect(canUndo(marks)).toBe(false);
    marks = addShape(marks, shapeAt('tick', 1, 1, 500, 'red'));
    marks = addShape(marks, shapeAt('cross', 2, 2, 500, 'red'));
    marks = clearShapes(marks);
    expect(marks.shapes).toHaveLength(0);
    marks = undoShape(marks);
    expect(marks.shapes.map((shape) => shape.kind)).toEqual(['tick', 'cross']);
    marks = undoShape(undoShape(marks));
    expect(marks.shapes).toHaveLength(0);
    expect(undoShape(marks)).toBe(marks);
  });

  it('stops adding at the most shapes a page may hold', () => {
    let marks = pageMarks(Array.from({ length: WRITTEN_LIMITS.shapesPerPageMax }, () => shapeAt('tick', 1, 1, 500, 'red')));
    marks = addShape(marks, shapeAt('cross', 1, 1, 500, 'red'));
    expect(marks.shapes).toHaveLength(WRITTEN_LIMITS.shapesPerPageMax);
  });
});

describe('the marks per question', () => {
  it('takes a whole number up to the maximum, or nothing', () => {
    expect(readMark('7', 10)).toEqual({ marks: 7, problem: null });
    expect(readMark(' 0 ', 10)).toEqual({ marks: 0, problem: null });
    expect(readMark('', 10)).toEqual({ marks: null, problem: null });
    expect(readMark('11', 10)).toEqual({ marks: null, problem: 'above-maximum' });
    expect(readMark('2.5', 10)).toEqual({ marks: null, problem: 'not-whole' });
    expect(readMark('-1', 10)).toEqual({ marks: null, problem: 'not-whole' });
  });

  it('sums the marks given and names the questions still unmarked', () => {
    const marks = [
      { label: 'Q1', marks: 4, maxMarks: 5 },
      { label: 'Q2', marks: null, maxMarks: 10 },
      { label: 'Q3', marks: 9, maxMarks: 10 },
    ];
    expect(totalMarks(marks)).toBe(13);
    expect(unmarkedLabels(marks)).toEqual(['Q2']);
  });
});

describe('the marking shortcuts', () => {
  const key = (name: string, extra: Partial<KeyboardEvent> = {}) => ({ key: name, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...extra });
  it('turn pages, open the next script, pick tools and undo', () => {
    expect(markingAction(key('ArrowRight'))).toEqual({ kind: 'page', step: 1 });
    expect(markingAction(key('ArrowLeft'))).toEqual({ kind: 'page', step: -1 });
    expect(markingAction(key('n'))).toEqual({ kind: 'next-script' });
    expect(markingAction(key('T'))).toEqual({ kind: 'tool', tool: 'tick' });
    expect(markingAction(key('z', { ctrlKey: true }))).toEqual({ kind: 'undo' });
    expect(markingAction(key('r', { ctrlKey: true }))).toBeNull();
    expect(markingAction(key('q'))).toBeNull();
  });
});
