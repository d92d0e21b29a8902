// A message with markup inside it ("Report saved to <span class="mono">{path}</span>.") stays one
// message in the catalog, so a translation can move the parts; the component splits it at its
// placeholders and puts each placeholder's value in its own element.

/** Text as it is, or the name of a placeholder for the component to fill. */
export type Piece = { text: string; slot?: undefined } | { slot: string; text?: undefined };

/** "Saved to {path}." → [{ text: 'Saved to ' }, { slot: 'path' }, { text: '.' }] */
export function pieces(message: string): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const match of message.matchAll(/\{(\w+)\}/g)) {
    if (match.index > at) out.push({ text: message.slice(at, match.index) });
    out.push({ slot: match[1] });
    at = match.index + match[0].length;
  }
  if (at < message.length) out.push({ text: message.slice(at) });
  return out;
}
