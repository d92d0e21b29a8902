// The API key section of Settings (KeySettings.svelte); keys.de.ts has the same keys.
export const keysEn = {
  'keys.title': 'API key',
  'keys.checking': 'Checking…',
  'keys.sessionOnly': 'Kept for this session only',
  'keys.stored': 'Stored in the keychain',
  'keys.none': 'No key stored',
  'keys.noKeychain':
    'This computer has no keychain the app can reach, so the key can’t be saved permanently. You can keep it for this session only; you’ll need to enter it again after restarting the app.',
  'keys.newKeyFor': 'New API key for {env}',
  'keys.pasteReplace': 'Paste a new key to replace it',
  'keys.paste': 'Paste the API key',
  'keys.keepSession': 'Keep for this session only',
  'keys.replace': 'Replace key',
  'keys.save': 'Save key',
  'keys.clearKey': 'Clear key',
  'keys.clearQuestion': 'Clear the API key for {env}?',
  'keys.clearText':
    '{env} can’t be used until a key is saved again, and the app can’t show you the old key: keep a copy if you will need it.',
  'keys.clear': 'Clear',
  'keys.keep': 'Keep',
  'keys.keptSession': 'Key kept for this session.',
  'keys.saved': 'Key saved in the keychain.',
  'keys.removed': 'Key removed.',
} as const;
