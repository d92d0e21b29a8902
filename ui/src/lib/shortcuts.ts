import { t } from './i18n/index.svelte';
import { detectOs } from './platform';

// Cmd on macOS, Ctrl elsewhere: the platform's own convention for app shortcuts.
export function isMac(nav: Navigator = navigator): boolean {
  return detectOs(nav) === 'mac';
}

/**
 * `find`: the Pets view's Find box, or the Activity view's search (each view's own "find", where
 * the platform's find bar would be). `focusFilter`: the status filter, with Shift.
 */
export type Action = 'newPet' | 'refresh' | 'find' | 'focusFilter' | 'import' | 'showPets' | 'showActivity';

const KEYS: Record<string, Action> = {
  n: 'newPet',
  r: 'refresh',
  f: 'find',
  i: 'import',
  '1': 'showPets',
  '2': 'showActivity',
};

/** With Shift as well. */
const SHIFT_KEYS: Record<string, Action> = {
  f: 'focusFilter',
};

export function shortcutAction(event: KeyboardEvent, mac = isMac()): Action | null {
  const mod = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!mod || event.altKey) return null;
  return (event.shiftKey ? SHIFT_KEYS : KEYS)[event.key.toLowerCase()] ?? null;
}

/** "Ctrl+F", "Ctrl+Shift+F"; on a Mac "⌘F", "⇧⌘F" (the order macOS menus show). */
export function shortcutLabel(key: string, mac = isMac(), shift = false): string {
  const upper = key.toUpperCase();
  if (mac) return `${shift ? '⇧' : ''}⌘${upper}`;
  return `${t('format.ctrl')}+${shift ? `${t('find.shiftKey')}+` : ''}${upper}`;
}

/** The aria-keyshortcuts form, e.g. "Control+N", "Control+Shift+F". */
export function ariaShortcut(key: string, mac = isMac(), shift = false): string {
  return `${mac ? 'Meta' : 'Control'}+${shift ? 'Shift+' : ''}${key.toUpperCase()}`;
}
