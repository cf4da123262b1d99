import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { verticalMetrics } from './font-metrics';

const NOTO = createRequire(import.meta.url).resolve('@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff');

describe('verticalMetrics', () => {
  it("reads Noto Sans Sinhala's line metrics from the font file", () => {
    const metrics = verticalMetrics(readFileSync(NOTO));
    // What Chromium itself measures for this file (canvas fontBoundingBoxAscent and Descent at 1000 px).
    expect(metrics.ascent).toBeCloseTo(1.011, 3);
    expect(metrics.descent).toBeCloseTo(0.293, 3);
    expect(metrics.lineGap).toBe(0);
  });

  it('refuses a file that is not a WOFF 1.0 font', () => {
    expect(() => verticalMetrics(Buffer.from('not a font at all, not even close to forty-four bytes long'))).toThrow('not a WOFF 1.0 font');
  });
});
