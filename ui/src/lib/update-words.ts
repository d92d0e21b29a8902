// Updates (issue 14 §1) in words: every sentence the update offer and Settings → Updates show,
// in one place for the message catalogs.
import type { UpdateFailure } from './types';

export const updateWords = {
  tab: 'Updates',
  offerTitle: 'A new version is available',
  offerVersion: (version: string, current: string) => `Version ${version} is ready to install. You have ${current}.`,
  offerDate: (date: string) => `Released ${date}.`,
  notesHeading: 'What’s new',
  noNotes: 'This version comes without notes.',
  install: 'Install and restart',
  installing: 'Installing…',
  notNow: 'Not now',
  installNote:
    'Petstore Admin restarts when the new version is installed. Your system may ask for an administrator password first.',
  checkAtStart: 'Look for updates when Petstore Admin starts (at most once a day)',
  managed: 'Your administrator manages updates on this computer, so this can’t be changed here.',
  managedOff: 'Your administrator turned update checks off on this computer.',
  currentVersion: (version: string) => `You have version ${version}.`,
  address: 'Update address',
  addressNote: 'Set in the settings file (updates.url). Updates are installed only when their signature matches this app.',
  checkNow: 'Check for updates',
  checking: 'Checking…',
  upToDate: (version: string) => `You have the latest version (${version}).`,
  found: (version: string) => `Version ${version} is available.`,
  showOffer: 'See what’s new',
} as const;

/** Why a check or an install did not succeed: what happened and what to do next. */
export function describeUpdateFailure(failure: UpdateFailure): string {
  switch (failure) {
    case 'unreachable':
      return 'The update address could not be reached. Check your connection and try again later.';
    case 'badAddress':
      return 'The update address is not usable: it must start with https://. Correct updates.url in the settings file, or ask your administrator.';
    case 'badManifest':
      return 'The update address did not answer with an update the app can read. Try again later, or ask your administrator about the update address.';
    case 'noBuildForThisComputer':
      return 'No update for this kind of computer is published yet. Try again later.';
    case 'downloadFailed':
      return 'The update could not be downloaded. Nothing was installed; check your connection and try again.';
    case 'signatureRefused':
      return 'The update was refused: its signature does not match this app, so it may not come from the Petstore Admin team or may have been changed. Nothing was installed. Tell your administrator, or download the app from its official site.';
    case 'installFailed':
      return 'The update was downloaded and checked, but the system did not install it (the password prompt may have been cancelled). Your version is unchanged; try again, or install the package by hand.';
    case 'nothingToInstall':
      return 'There is no update to install. Check for updates first.';
    case 'managed':
      return 'Your administrator turned update checks off on this computer. Ask them for new versions.';
    case 'unavailable':
      return 'This copy of Petstore Admin cannot update itself. Install new versions from the official download page.';
  }
}
