// Updates in words: the update offer, Settings → Updates, and why a check or an
// install did not succeed (update-words.ts).
export const updatesEn = {
  'update.offerTitle': 'A new version is available',
  'update.offerVersion': 'Version {version} is ready to install. You have {current}.',
  'update.offerDate': 'Released {date}.',
  'update.notesHeading': 'What’s new',
  'update.noNotes': 'This version comes without notes.',
  'update.install': 'Install and restart',
  'update.installing': 'Installing…',
  'update.notNow': 'Not now',
  'update.installNote':
    'Petstore Admin restarts when the new version is installed. Your system may ask for an administrator password first.',
  'update.checkAtStart': 'Look for updates when Petstore Admin starts (at most once a day)',
  'update.managed': 'Your administrator manages updates on this computer, so this can’t be changed here.',
  'update.managedOff': 'Your administrator turned update checks off on this computer.',
  'update.currentVersion': 'You have version {version}.',
  'update.address': 'Update address',
  'update.addressNote':
    'Set in the settings file (updates.url). Updates are installed only when their signature matches this app.',
  'update.checkNow': 'Check for updates',
  'update.checking': 'Checking…',
  'update.upToDate': 'You have the latest version ({version}).',
  'update.found': 'Version {version} is available.',
  'update.showOffer': 'See what’s new',

  'update.failure.unreachable': 'The update address could not be reached. Check your connection and try again later.',
  'update.failure.unreachableBecause': 'The update address could not be reached. {what} {next}',
  'update.failure.badAddress':
    'The update address is not usable: it must start with https://. Correct updates.url in the settings file, or ask your administrator.',
  'update.failure.badManifest':
    'The update address did not answer with an update the app can read. Try again later, or ask your administrator about the update address.',
  'update.failure.noBuildForThisComputer': 'No update for this kind of computer is published yet. Try again later.',
  'update.failure.downloadFailed':
    'The update could not be downloaded. Nothing was installed; check your connection and try again.',
  'update.failure.signatureRefused':
    'The update was refused: its signature does not match this app, so it may not come from the Petstore Admin team or may have been changed. Nothing was installed. Tell your administrator, or download the app from its official site.',
  'update.failure.installFailed':
    'The update was downloaded and checked, but the system did not install it (the password prompt may have been cancelled). Your version is unchanged; try again, or install the package by hand.',
  'update.failure.nothingToInstall': 'There is no update to install. Check for updates first.',
  'update.failure.managed': 'Your administrator turned update checks off on this computer. Ask them for new versions.',
  'update.failure.unavailable':
    'This copy of Petstore Admin cannot update itself. Install new versions from the official download page.',
} as const;
