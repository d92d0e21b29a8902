// A refused network setting or certificate in words: the backend sends the facts
// (`NetworkRefusal`: what is wrong, the text given, a certificate's subject and date, a file's
// I/O problem), worded here in the language on screen for Settings → Network and for the error
// a request shows when the settings file's network part cannot be used.
import type { NetworkRefusal } from './bindings/NetworkRefusal';
import { formatDate } from './format';
import { t } from './i18n/index.svelte';
import { describeIo } from './reasons';

/** What is wrong and what to do, as one or two sentences. */
export function describeNetworkRefusal(refusal: NetworkRefusal): string {
  return t(`network.problem.${refusal.problem}`, {
    given: refusal.given ?? '',
    subject: refusal.subject ?? '',
    date: refusal.date ? formatDate(refusal.date) : '',
    io: describeIo(refusal.io ?? 'other'),
  });
}
