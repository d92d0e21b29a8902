// Updates in words: every sentence the update offer and Settings → Updates show,
// from the catalog (i18n/updates.*.ts). Getters and functions, so each read is in the language
// on screen now.
import { t } from './i18n/index.svelte';
import { describeNetworkCause } from './messages';
import type { NetworkCause } from './bindings/NetworkCause';
import type { UpdateFailure } from './types';

export const updateWords = {
  get offerTitle() { return t('update.offerTitle'); },
  offerVersion: (version: string, current: string) => t('update.offerVersion', { version, current }),
  offerDate: (date: string) => t('update.offerDate', { date }),
  get notesHeading() { return t('update.notesHeading'); },
  get noNotes() { return t('update.noNotes'); },
  get install() { return t('update.install'); },
  get installing() { return t('update.installing'); },
  get notNow() { return t('update.notNow'); },
  get installNote() { return t('update.installNote'); },
  get checkAtStart() { return t('update.checkAtStart'); },
  get managed() { return t('update.managed'); },
  get managedOff() { return t('update.managedOff'); },
  currentVersion: (version: string) => t('update.currentVersion', { version }),
  get address() { return t('update.address'); },
  get addressNote() { return t('update.addressNote'); },
  get checkNow() { return t('update.checkNow'); },
  get checking() { return t('update.checking'); },
  upToDate: (version: string) => t('update.upToDate', { version }),
  found: (version: string) => t('update.found', { version }),
  get showOffer() { return t('update.showOffer'); },
};

// Checked against the generated `UpdateFailure`: a failure added in Rust fails `npm run check`
// until it has words in the catalogs.
const FAILURE = {
  unreachable: 'update.failure.unreachable',
  badAddress: 'update.failure.badAddress',
  badManifest: 'update.failure.badManifest',
  noBuildForThisComputer: 'update.failure.noBuildForThisComputer',
  downloadFailed: 'update.failure.downloadFailed',
  signatureRefused: 'update.failure.signatureRefused',
  installFailed: 'update.failure.installFailed',
  nothingToInstall: 'update.failure.nothingToInstall',
  managed: 'update.failure.managed',
  unavailable: 'update.failure.unavailable',
} as const satisfies Record<UpdateFailure, `update.failure.${string}`>;

/** Every failure the UI can word, for tests. */
export const UPDATE_FAILURES = Object.keys(FAILURE) as UpdateFailure[];

/** Why a check or an install did not succeed: what happened and what to do next. */
export function describeUpdateFailure(failure: UpdateFailure, cause?: NetworkCause | null): string {
  // A proxy or certificate that stops the check is named, with the setting that fixes it, as
  // for a failed API request (the updater goes through the same network settings).
  const network = failure === 'unreachable' && cause ? describeNetworkCause(cause) : null;
  if (network?.next) return t('update.failure.unreachableBecause', network as { what: string; next: string });
  return t(FAILURE[failure]);
}
