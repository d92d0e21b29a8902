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

/** `text`'s words and filled placeholders in order; a placeholder without a value stays as words. */
export function pieces(text: string, args: Args): Piece[] {
  const found: Piece[] = [];
  let rest = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    const name = match[1];
    if (!Object.prototype.hasOwnProperty.call(args, name)) continue;
    const at = match.index ?? 0;
    if (at > rest) found.push({ text: text.slice(rest, at), arg: null });
    found.push({ text: String(args[name]), arg: name });
    rest = at + match[0].length;
  }
  if (rest < text.length) found.push({ text: text.slice(rest), arg: null });
  return found;
}

/** A placeholder-cut message whose values the markup supplies itself (a count in bold, a button
 *  in place of a word): the words, or the name of the placeholder to fill. */
export type Slot = { text: string; slot?: undefined } | { slot: string; text?: undefined };

/** "Saved to {path}." → [{ text: 'Saved to ' }, { slot: 'path' }, { text: '.' }] */
export function slots(message: string): Slot[] {
  const out: Slot[] = [];
  let at = 0;
  for (const match of message.matchAll(/\{(\w+)\}/g)) {
    if (match.index > at) out.push({ text: message.slice(at, match.index) });
    out.push({ slot: match[1] });
    at = match.index + match[0].length;
  }
  if (at < message.length) out.push({ text: message.slice(at) });
  return out;
}
