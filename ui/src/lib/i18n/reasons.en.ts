// Why something failed, as the Rust side reports it (a `Reason` code with its arguments, an
// import row's problem): worded by `src/lib/reasons.ts`. Reasons are lower-case clauses without
// a final stop: messages.ts puts them after a colon.
export const reasonsEn = {
  'reasons.bytes': '{n} bytes',
  'reasons.io.notFound': 'it is not there',
  'reasons.io.permissionDenied': 'the app may not use it',
  'reasons.io.alreadyExists': 'a file of that name is already there',
  'reasons.io.diskFull': 'the disk is full',
  'reasons.io.readOnly': 'the disk is read-only',
  'reasons.io.isAFolder': 'it is a folder',
  'reasons.io.notText': 'it is not text the app can read',
  'reasons.io.other': 'the system refused it',

  'reasons.settingsSyntax': 'it is not valid JSON (look for a stray character, a trailing comma or a missing quote)',
  'reasons.settingsEndOfFile': 'its text ends before its JSON does (a closing bracket or quote is missing)',
  'reasons.settingsWrongValue': 'a value is not of the kind the settings need (for example text where a number belongs)',
  'reasons.settingsTooLarge': 'it is larger than {limit}, far more than this file ever holds',

  'reasons.addressNotAnAddress': 'it is not an address (expected e.g. https://api.example.com/v1)',
  'reasons.addressScheme': 'only http:// and https:// addresses are supported',
  'reasons.addressNoHost': 'it has no host',
  'reasons.addressCredentials': 'it must not contain a user name or password',
  'reasons.addressQuery': 'it must not contain a query (?...) or fragment (#...)',
  'reasons.addressPath': 'its path must end in /v1 (e.g. https://api.example.com/v1)',
  'reasons.addressSandboxFixed': 'the sandbox’s address is fixed',

  'reasons.noAnswerInTime': 'the service did not answer in time',
  'reasons.connectionLost': 'the connection was lost before the answer arrived',
  'reasons.answerTooLarge': 'the service answered HTTP {status}, but with more than {limit} that were not read',
  'reasons.redirected': 'the service answered HTTP {status}, a redirect that was not followed',
  'reasons.serverError': 'the service answered HTTP {status}',
  'reasons.notAPet': 'the service answered HTTP {status}, but not with a pet',


  'reasons.importTooLarge': 'the file is {size}, and an import reads at most {limit}',
  'reasons.importTooLargeUnknown': 'the file is larger than {limit}, the most an import reads',
  'reasons.importTooManyRows': 'the file has more than {limit} rows, the most an import takes',
  'reasons.notUtf8': 'line {line} is not UTF-8 text: save the spreadsheet as “CSV UTF-8” and try again',
  'reasons.importEmpty': 'the file is empty: it needs a header row (name, categoryId, status) and one row per pet',
  'reasons.missingColumn': 'the header row has no "{column}" column (found: {found}): add it, or rename the column that holds it',
  'reasons.noColumns': 'no columns',
  'reasons.duplicateColumn': 'the header row has two columns for {column} (“{first}” and “{second}”): keep one of them',
  'reasons.malformedCsv': 'line {line} cannot be read as CSV: check its quotes',
  'reasons.listTooLarge': 'the file is {size}; a list of category names is read up to {limit}: is it the right file?',
  'reasons.listTooLong': 'the file has more than {limit} rows, the most a list of category names has',
  'reasons.listEmpty': 'the file is empty: a list of category names needs a header row (categoryId, name) and one row per category',

  'reasons.journalFile':
    'the import journal {path} could not be used ({io}): check that its folder may be written to, then run the import again; rows already created are kept there',
  'reasons.journalDamaged':
    'the import journal {path} is damaged at line {line} and was left as it is: move it aside to start this import from the beginning, after checking the pet list for rows it already created',

  'reasons.row.nameEmpty': 'the name is empty: enter a name.',
  'reasons.row.nameTooLong': 'the name is {chars} characters long: shorten it to at most {max} characters.',
  'reasons.row.categoryIdEmpty': 'the category id is empty: enter a whole number from 1 up, for example 3.',
  'reasons.row.categoryIdNotANumber':
    'the category id “{given}” is not a whole number from 1 to {max}: use digits only, for example 3.',
  'reasons.row.categoryIdNotPositive': 'the category id {given} is not positive: use a whole number from 1 up.',
  'reasons.row.statusUnknown':
    'the status “{given}” is not one of available, pending, sold (leave it empty to let the service decide).',
} as const;
