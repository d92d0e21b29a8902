// The language on screen: the person's choice in Settings ('system' until they make one), kept in
// the settings file (the `petstore` command line reads it too).
import * as backend from '../backend';
import { follow } from '../i18n/index.svelte';
import type { LanguageChoice } from '../types';

/**
 * At start-up. English is built in and shown at once; another language replaces it when its
 * catalog is in (a few ms: nothing waits for it, so an English start is as fast as before).
 */
export function loadLanguage(): void {
  backend
    .getLanguage()
    .then((pref) => follow(pref.choice, pref.system))
    .catch(() => {
      // No preference to read: English stays.
    });
}

/** Settings → General: saved, then applied at once. */
export async function chooseLanguage(choice: LanguageChoice): Promise<void> {
  const saved = await backend.saveLanguage(choice);
  await follow(saved.choice, saved.system);
}
