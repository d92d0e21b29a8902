// The message catalog: every word a person sees comes from here (`t`, `tn`), in the language
// chosen in Settings or, by default, the computer's. English is built in; German is loaded on
// first use (a dynamic import), so an English start loads nothing extra. No ICU: plural forms
// for English and German are one rule (below), and numbers and dates are spelled out in
// format.ts from the catalog's own formats, so the web process never loads ICU's locale data.
import { en } from './en';
import type { Args, Catalog, Language, LanguageChoice, Plural, PluralKey, TextKey } from './types';

export type { Language, LanguageChoice, TextKey, PluralKey } from './types';

export const LANGUAGES: readonly Language[] = ['en', 'de'];

let current = $state.raw<{ language: Language; messages: Catalog }>({ language: 'en', messages: en });

/** The language on screen now. */
export function language(): Language {
  return current.language;
}

/** Puts `args` into `{name}` placeholders; a placeholder without a value stays visible. */
export function fill(text: string, args?: Args): string {
  if (!args) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : whole,
  );
}

/** A message in the current language. */
export function t(key: TextKey, args?: Args): string {
  return fill(current.messages[key] as string, args);
}

/** Whether the catalog has a plain message under `key`, for a key made at run time. */
export function hasText(key: string): key is TextKey {
  return Object.hasOwn(current.messages, key) && typeof current.messages[key as TextKey] === 'string';
}

/** Every key of a plain message, for words found by the names of their keys. */
export function textKeys(): TextKey[] {
  return Object.keys(current.messages).filter(hasText);
}

/**
 * A message that depends on a count, with `{count}` filled in (as formatted by the caller or,
 * when not given, the number itself). English and German both use "one" for exactly 1 and
 * "other" for everything else (CLDR's rule for both), so no plural data is loaded.
 */
export function tn(key: PluralKey, count: number, args?: Args): string {
  const forms = current.messages[key] as Plural;
  return fill(count === 1 ? forms.one : forms.other, { count, ...args });
}

/**
 * The language for a choice: the chosen one, or for `system` the computer's (`systemLocale`,
 * e.g. "de_DE.UTF-8" or "de-AT"; the Rust side reads it, as the web view may not), English when
 * the computer's is one the app does not speak.
 */
export function resolveLanguage(choice: LanguageChoice | null | undefined, systemLocale: string | null): Language {
  if (choice === 'en' || choice === 'de') return choice;
  const code = (systemLocale ?? '').trim().toLowerCase().slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : 'en';
}

let german: Promise<Catalog> | null = null;
const loadGerman = () => (german ??= import('./de').then((m) => m.de));

/** Shows the app in `lang` from now on (German is loaded on first use); sets `<html lang>`. */
export async function setLanguage(lang: Language): Promise<void> {
  const messages = lang === 'de' ? await loadGerman() : en;
  current = { language: lang, messages };
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The choice in Settings and the computer's locale, as last followed (the Settings form reads it). */
let preference = $state.raw<{ choice: LanguageChoice; system: string | null }>({ choice: 'system', system: null });

export function languagePreference(): { choice: LanguageChoice; system: string | null } {
  return preference;
}

/**
 * Follows a preference: the chosen language, else the computer's. The app's process reports the
 * computer's locale from its environment (WebKitGTK's `navigator.language` does not follow
 * LANG); when it has none (usually on macOS and Windows), the web view's language is the OS's.
 */
export async function follow(choice: LanguageChoice, system: string | null): Promise<void> {
  const computer = system ?? (typeof navigator !== 'undefined' ? navigator.language : null);
  preference = { choice, system: computer };
  await setLanguage(resolveLanguage(choice, computer));
}
