import { t } from './i18n/index.svelte';
import { detectOs } from './platform';

// Cmd on macOS, Ctrl elsewhere: the platform's own convention for app shortcuts.
export function isMac(nav: Navigator = navigator): boolean {
  return detectOs(nav) === 'mac';
}

export type Action = 'newPet' | 'refresh' | 'focusFilter' | 'import' | 'showPets' | 'showActivity';

const KEYS: Record<string, Action> = {
  n: 'newPet',
  r: 'refresh',
  f: 'focusFilter',
  i: 'import',
  '1': 'showPets',
  '2': 'showActivity',
};

export function shortcutAction(event: KeyboardEvent, mac = isMac()): Action | null {
  const mod = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!mod || event.altKey || event.shiftKey) return null;
  return KEYS[event.key.toLowerCase()] ?? null;
}

export function shortcutLabel(key: string, mac = isMac()): string {
  return mac ? `⌘${key.toUpperCase()}` : `${t('format.ctrl')}+${key.toUpperCase()}`;
}

/** The aria-keyshortcuts form, e.g. "Control+N". */
export function ariaShortcut(key: string, mac = isMac()): string {
  return `${mac ? 'Meta' : 'Control'}+${key.toUpperCase()}`;
}
