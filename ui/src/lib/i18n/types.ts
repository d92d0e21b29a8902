// The shape every catalog has. English (`en.ts`) is the source: its keys are the key type, and
// every other catalog `satisfies Catalog`, so a missing or extra key fails `npm run check`.
import type { en } from './en';

/** A message whose words depend on a count: English and German need only "one" and "other". */
export interface Plural {
  one: string;
  other: string;
}

/** Every message, as English has it. */
export type Catalog = { [K in keyof typeof en]: (typeof en)[K] extends string ? string : Plural };

/** Keys of plain messages (`t`). */
export type TextKey = { [K in keyof Catalog]: Catalog[K] extends string ? K : never }[keyof Catalog];
/** Keys of messages that take a count (`tn`). */
export type PluralKey = { [K in keyof Catalog]: Catalog[K] extends Plural ? K : never }[keyof Catalog];

/** Values put in for `{name}` placeholders. */
export type Args = Readonly<Record<string, string | number>>;

/** The languages the app speaks; `system` follows the computer's. */
export type Language = 'en' | 'de';
export type LanguageChoice = 'system' | Language;
