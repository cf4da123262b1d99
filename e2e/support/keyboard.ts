import { expect, type Locator, type Page } from '@playwright/test';

/** What has keyboard focus, and whether it shows (WCAG 2.4.7), as the page sees it. */
export interface FocusState {
  /** Tag, role and name of the focused element, for messages; 'body' when nothing has focus. */
  label: string;
  visible: boolean;
}

/** FocusState with a number the page gives each element it sees focused (kept in a WeakMap, the DOM left as it is). */
interface FocusStop extends FocusState {
  id: string;
}

/**
 * Focus shows when the focused element (or, for a switch or checkbox, its visible root that MUI
 * marks Mui-focusVisible) draws an outline at least 2 px wide, or when it is a text field's input
 * whose field is marked focused (its border turns 2 px and dark). One call into the page per Tab:
 * the walks press Tab hundreds of times.
 */
async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { id: 'body', label: 'body', visible: false };
    const holder = window as unknown as { focusStops?: WeakMap<Element, string> };
    holder.focusStops ??= new WeakMap();
    if (!holder.focusStops.has(element)) holder.focusStops.set(element, String(Math.random()));
    const label = `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const ringed = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    };
    const box = element.getBoundingClientRect();
    const onScreen = box.width > 0 && box.height > 0;
    const visible = onScreen && (ringed(element) || ringed(element.closest('.Mui-focusVisible')) || Boolean(element.closest('.MuiInputBase-root.Mui-focused')));
    return { id: holder.focusStops.get(element) ?? 'body', label, visible };
  });
}

/** What has keyboard focus, and whether it shows (WCAG 2.4.7), as the page sees it. */
export async function focusState(page: Page): Promise<FocusState> {
  const { label, visible } = await focusStop(page);
  return { label, visible };
}

/** Asserts that the focused element shows its focus. */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const state = await focusState(page);
  expect(state.visible, `focus not visible on ${state.label}`).toBe(true);
}

/**
 * Presses Tab until `target` has focus, checking on the way that every stop shows its focus.
 * Fails when the target is not reached in `limit` presses: a control the keyboard cannot reach.
 */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const state = await focusState(page);
    if (state.label !== 'body') expect(state.visible, `focus not visible on ${state.label}`).toBe(true);
    if (await target.evaluate((node) => node === document.activeElement || node.contains(document.activeElement))) return;
  }
  throw new Error(`Tab did not reach ${target} in ${limit} presses`);
}

/**
 * Tabs through the whole screen once (until focus comes back round or `limit` presses), checking
 * every stop shows its focus; answers how many controls were reached.
 */
export async function tabThroughScreen(page: Page, limit = 120): Promise<number> {
  const seen = new Set<string>();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusStop(page);
    if (stop.id === 'body') continue;
    if (seen.has(stop.id)) break;
    seen.add(stop.id);
    expect(stop.visible, `focus not visible on ${stop.label}`).toBe(true);
  }
  return seen.size;
}
