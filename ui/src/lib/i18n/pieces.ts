// A message cut at its placeholders, for markup that wraps an argument (a pet's name in <strong>,
// a path in a monospace span) wherever the language puts it: "Adding {name} to {env}…" and
// "{name} wird zu {env} hinzugefügt …" both render with the name in bold, without splitting the
// sentence into fragments that fix the word order.
import type { Args } from './types';

export interface Piece {
  /** The words, or the argument's value. */
  text: string;
  /** The placeholder this piece fills, or null for the message's own words. */
  arg: string | null;
}

/** `text` cut at the placeholders `fill` takes: its words, and each taken placeholder's name. */
function cut(text: string, fill: (name: string) => boolean): ({ words: string } | { name: string })[] {
  const found: ({ words: string } | { name: string })[] = [];
  let rest = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    const name = match[1];
    if (!fill(name)) continue;
    if (match.index > rest) found.push({ words: text.slice(rest, match.index) });
    found.push({ name });
    rest = match.index + match[0].length;
  }
  if (rest < text.length) found.push({ words: text.slice(rest) });
  return found;
}

/** `text`'s words and filled placeholders in order; a placeholder without a value stays as words. */
export function pieces(text: string, args: Args): Piece[] {
  const has = (name: string) => Object.prototype.hasOwnProperty.call(args, name);
  return cut(text, has).map((part) =>
    'name' in part ? { text: String(args[part.name]), arg: part.name } : { text: part.words, arg: null },
  );
}

/** A placeholder-cut message whose values the markup supplies itself (a count in bold, a button
 *  in place of a word): the words, or the name of the placeholder to fill. */
export type Slot = { text: string; slot?: undefined } | { slot: string; text?: undefined };

/** "Saved to {path}." → [{ text: 'Saved to ' }, { slot: 'path' }, { text: '.' }] */
export function slots(message: string): Slot[] {
  return cut(message, () => true).map((part) => ('name' in part ? { slot: part.name } : { text: part.words }));
}
