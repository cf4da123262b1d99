import type { Tool } from './script-annotations';

// The marking screen's keyboard shortcuts, said in its help line. Keys typed into a field (a mark,
// the comment, a text mark) stay the field's.

export type MarkingAction =
  | { kind: 'page'; step: -1 | 1 }
  | { kind: 'next-script' }
  | { kind: 'undo' }
  | { kind: 'tool'; tool: Tool };

const TOOL_KEYS: Record<string, Tool> = { p: 'pen', t: 'tick', x: 'cross', w: 'text' };

/** The action of a key press, or null when the key is not a shortcut here. */
export function markingAction(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): MarkingAction | null {
  if (event.altKey) return null;
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && key === 'z' && !event.shiftKey) return { kind: 'undo' };
  if (event.ctrlKey || event.metaKey) return null;
  if (event.key === 'ArrowRight' || event.key === 'PageDown') return { kind: 'page', step: 1 };
  if (event.key === 'ArrowLeft' || event.key === 'PageUp') return { kind: 'page', step: -1 };
  if (key === 'n') return { kind: 'next-script' };
  const tool = TOOL_KEYS[key];
  return tool ? { kind: 'tool', tool } : null;
}

/** A key press inside a field is the field's. */
export function typedInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
