import { expect, type Page } from '@playwright/test';
import type { Screen } from './screens';

// The answer-script screens (docs/design/answer-scripts.md), in the one list the axe, reflow and
// keyboard walks read (screens.ts), on the world's written papers (script-world.ts): {scriptsOpen},
// {scriptsReleased} and {scriptId}, which screens.ts fills in. Their words are checked by role and
// state rather than by text, so the same steps serve every language.

async function pagesShown(page: Page, count: number): Promise<void> {
  await expect(page.locator('svg[role="img"][data-shapes]')).toHaveCount(count, { timeout: 15_000 });
}

export const SCRIPT_SCREENS: Record<'student' | 'admin', Screen[]> = {
  student: [
    {
      name: 'written part, handing in pages',
      route: '/papers/{scriptsOpen}/written',
      open: async (page) => {
        // The two pages uploaded before, listed in order with their pictures and buttons (four each).
        await expect(page.locator('ol > li')).toHaveCount(2);
        await expect(page.locator('ol > li img')).toHaveCount(2);
        await expect(page.locator('ol > li button')).toHaveCount(8);
      },
    },
    {
      name: 'written part, the question sheet',
      route: '/papers/{scriptsOpen}/written/sheet',
      open: async (page) => {
        await expect(page.locator('canvas[data-drawn="true"]').first()).toBeVisible({ timeout: 15_000 });
      },
    },
    {
      name: 'written part, marked script returned',
      route: '/papers/{scriptsReleased}/written',
      open: async (page) => {
        await pagesShown(page, 2);
        await expect(page.locator('svg[data-shapes="2"]')).toHaveCount(1);
      },
    },
  ],
  admin: [
    {
      name: 'paper page with a written part',
      route: '/papers/{scriptsOpen}',
      open: async (page) => {
        await expect(page.locator('#written-part-heading')).toBeVisible();
      },
    },
    {
      name: 'written part editor',
      route: '/papers/{scriptsOpen}/written/edit',
      open: async (page) => {
        await expect(page.locator('#sheet-heading')).toBeVisible();
      },
    },
    {
      name: 'marking queue',
      route: '/papers/{scriptsReleased}/marking',
      open: async (page) => {
        await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
      },
    },
    {
      name: 'paper results with a written part',
      route: '/papers/{scriptsReleased}/results',
      open: async (page) => {
        await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
      },
    },
    {
      name: 'marking screen',
      route: '/papers/{scriptsReleased}/marking/{scriptId}',
      open: async (page) => {
        await pagesShown(page, 1);
        await expect(page.locator('svg[data-shapes="2"]')).toBeVisible();
      },
    },
  ],
};
