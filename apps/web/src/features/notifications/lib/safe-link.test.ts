import { describe, expect, it } from 'vitest';
import { openerPath, safeLink } from './safe-link';

describe('safeLink', () => {
  it("follows the portal's own hash paths", () => {
    for (const link of ['/message', '/view/3f2a-file', '/papers/p1/script', '/fees/receipts/r-9', '/home?tab=1']) expect(safeLink(link), link).toBe(link);
  });

  it('refuses any address that could leave the portal', () => {
    const foreign = [
      'https://evil.example/steal',
      'http://evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'message',
      '',
      ' /message',
      '/view//evil.example',
    ];
    for (const link of foreign) expect(safeLink(link), link).toBeNull();
  });

  it('never leads back to the opener, which would open the notification again', () => {
    for (const link of ['/n/abc', '/n/abc?via=bell', '/n', '/n?x=1']) expect(safeLink(link), link).toBeNull();
    expect(safeLink('/notifications')).toBe('/notifications');
  });
});

describe('openerPath', () => {
  it('names the notification and the channel it was opened from, encoded', () => {
    expect(openerPath('Ab-_9x', 'bell')).toBe('/n/Ab-_9x?via=bell');
    expect(openerPath('a/b?c', 'push')).toBe('/n/a%2Fb%3Fc?via=push');
    expect(safeLink(openerPath('Ab-_9x', 'bell'))).toBeNull();
  });
});
