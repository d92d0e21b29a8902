// Form checks in words (validation.ts, int64.ts): what is wrong with what was typed, and how to
// put it right, shown beside the field before anything is sent.
export const validationEn = {
  'validation.nameEmpty': 'Enter a name.',
  'validation.nameTooLong': 'This name is too long: shorten it to at most {max} characters (remove {over}).',
  'validation.categoryEmpty': 'Enter the category id.',
  'validation.categoryDigits': 'Use digits only: a whole number from 1 up, for example 3.',
  'validation.categoryPositive': 'Use a whole number from 1 up, for example 3.',
  'validation.categoryTooLarge': 'This number is too large for a category id: use at most {max}.',
  'validation.limit': 'Enter a whole number from 1 to 100.',
  'validation.urlNotFull': 'Enter a full address, like https://pets.example.com/v1',
  'validation.urlHttps': 'Use https:// (plain http:// is only allowed for this computer: 127.0.0.1, ::1 or localhost).',
  'validation.urlCredentials': 'Leave out the user name and password; the API key is set below.',
  'validation.urlQuery': 'Leave out the ? and # parts of the address.',
  'validation.urlV1': 'The address must end in /v1, like https://pets.example.com/v1',
  'validation.daysEnter': 'Enter a whole number of days from {min} to {max}.',
  'validation.daysRange': 'Use a number of days from {min} to {max}.',
  'validation.entriesEnter': 'Enter a whole number of entries from {min} to {max}.',
  'validation.entriesRange': 'Use a number of entries from {min} to {max}.',
  'validation.idEmpty': 'Enter a number.',
  // Spaces around the number are ignored: only those between digits are refused.
  'validation.idDigits': 'Use digits only: a whole number, with no decimals and no spaces between the digits.',
  'validation.idTooLarge': 'This number is too large for an id: use at most {max}.',
  'validation.idTooSmall': 'This number is too small for an id: use at least {min}.',
} as const;
