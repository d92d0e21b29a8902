// The Activity view's words: the history, its filters, an entry's details, its
// export and Settings' Activity tab. German in activity.de.ts; spread into en.ts.
export const activityEn = {
  'activity.opListPets': 'List pets',
  'activity.opNextPage': 'Next page of pets',
  'activity.opCreatePet': 'Add a pet',
  'activity.opGetPet': 'Look up a pet',
  'activity.outcomeOk': 'Succeeded',
  'activity.outcomeError': 'Failed',
  'activity.outcomeUnknown': 'Not confirmed',
  'activity.outcomeNotFound': 'Not found',
  'activity.sourceApp': 'This app',
  'activity.sourceCli': 'The petstore command line',
  'activity.rangeHour': 'Last hour',
  'activity.rangeToday': 'Today',
  'activity.rangeWeek': 'Last 7 days',
  'activity.rangeQuarter': 'Last 90 days',
  'activity.rangeAll': 'All time',

  'activity.petsReturned': { one: '{count} pet', other: '{count} pets' },
  'activity.petId': 'pet {id}',
  'activity.resultOk': 'OK',
  'activity.resultResolved': 'Not confirmed: {how}',
  'activity.resultTooMany': 'Too many',
  'activity.resultTooManyRequests': 'Too many requests',
  'activity.resultFailed': 'Failed',
  'activity.resolvedFound': 'found later',
  'activity.resolvedRetried': 'added again',
  'activity.resolvedDismissed': 'dismissed',
  'activity.resolvedFoundBrief': 'Found later',
  'activity.resolvedRetriedBrief': 'Added again',
  'activity.resolvedDismissedBrief': 'Dismissed',
  'activity.foundAs': 'Found later: it was added, as pet {id}.',
  'activity.foundNoId': 'Found later: it was added, with an id not known.',
  'activity.retriedAs': 'Added again, as pet {id}.',
  'activity.retried': 'Added again.',
  'activity.dismissed': 'Dismissed without checking.',
  'activity.serviceSaid': '{what} The service said: “{server}”',

  'activity.newerSchema':
    'The activity history was last used by a newer version of Petstore Admin, so this version leaves it untouched and records nothing.',
  'activity.newerSchemaNext': 'Update Petstore Admin to see the history and go on recording.',
  'activity.unavailable':
    'The activity history cannot be opened on this computer, so requests are not being recorded. Pets can still be listed and added.',
  'activity.unavailableNext': 'Restart the app; if it keeps happening, check that the app’s data folder may be written to.',
  'activity.movedAside':
    'The activity history file was damaged, so it was set aside as {file} and a new, empty history was started.',
  'activity.movedAsideNext': 'Nothing else is needed; the old file stays there in case someone wants to look into it.',

  // The view.
  'activity.loadFailed': 'Couldn’t load the activity',
  'activity.noMatch': 'Nothing matches these filters',
  'activity.noMatchText': 'Try another time range, or clear the search.',
  'activity.empty': 'No activity yet',
  'activity.emptyText': 'Each request this computer sends (listing, adding or looking up pets) is recorded here.',
  'activity.loading': 'Loading the activity…',
  'activity.count': { one: '{count} entry', other: '{count} entries' },
  'activity.countMatch': { one: '{count} entry matches', other: '{count} entries match' },

  // Filters.
  'activity.allEnvironments': 'All environments',
  'activity.action': 'Action',
  'activity.allActions': 'All actions',
  'activity.result': 'Result',
  'activity.allResults': 'All results',
  'activity.when': 'When',
  'activity.search': 'Search by pet name or id',
  'activity.searchTitle': 'Search by pet name or id ({shortcut})',
  'activity.searchPlaceholder': 'Pet name or id',
  'activity.exportTitle': 'Export these entries to a CSV file',

  // The table.
  'activity.caption':
    'Requests sent by this computer, newest first, {count} in all. Select a time to see an entry’s details.',
  'activity.pet': 'Pet',
  'activity.took': 'Took',
  'activity.rowLabel': '{time}: details of {operation} in {env}',

  // An entry's details.
  'activity.sentBy': 'Sent by',
  'activity.request': 'Request',
  'activity.whatWentWrong': 'What went wrong',
  'activity.serverCode': 'The service’s code',
  'activity.quotaAfter': 'Quota after it',
  'activity.quotaNotTold': 'Not told by the service',
  'activity.noName': 'No name',
  'activity.petCategory': ', category {id}',
  'activity.petIdPart': ', id {id}',
  'activity.petsInAnswer': 'Pets in the answer',
  'activity.whatBecame': 'What became of it',
  'activity.whatToDo': 'What to do',
  'activity.checkArrived': 'Check whether it arrived: it is listed under “Not confirmed” at the top of Activity, with Check now.',
  'activity.entry': 'Entry',
  'activity.done': 'Done',
  'activity.neverAnswered': 'The service never answered, so it is not known whether the pet was added.',
  'activity.noSuchPet': 'The service has no pet with id {id}.',
  'activity.attempts': { one: '{count} attempt', other: '{count} attempts' },
  'activity.waited': 'waited {duration} in all before sending again',
  'activity.answered429': {
    one: 'answered 429 Too Many Requests once',
    other: 'answered 429 Too Many Requests {count} times',
  },
  'activity.answered429Twice': 'answered 429 Too Many Requests twice',
  'activity.quotaLeftOf': '{remaining} of {limit} requests left',
  'activity.quotaLeft': { one: '{count} request left', other: '{count} requests left' },
  'activity.quotaRenewing': ', renewing at {time}',

  // Export.
  'activity.exportHeading': 'Export activity',
  'activity.exportScoped': {
    one: 'The {count} entry that matches the filters ({scope}), written to a CSV file you choose.',
    other: 'The {count} entries that match the filters ({scope}), written to a CSV file you choose.',
  },
  'activity.exportAll': {
    one: 'The {count} entry of the activity history, written to a CSV file you choose.',
    other: 'All {count} entries of the activity history, written to a CSV file you choose.',
  },
  'activity.quoted': '“{text}”',
  'activity.exporting': 'Exporting…',
  'activity.written': { one: '{count} entry written to {path}', other: '{count} entries written to {path}' },
  'activity.writtenNoCount': 'Written to {path}',
  'activity.writtenKept': '; the file that was there is kept as {kept}',

  // Settings → Activity.
  'activity.settingsIntro':
    'Activity keeps a record of the requests this computer sends (by this app and the petstore command line), never an API key. Older entries are removed in the background, oldest first.',
  'activity.keepDays': 'Keep entries for (days)',
  'activity.keepDaysHint': '90 days unless you change it.',
  'activity.keepEntries': 'Keep at most (entries)',
  'activity.keepEntriesHint': '200,000 unless you change it.',
  'activity.alerts': 'Quota alerts',
  'activity.alertsHint':
    'Tells you, in the app and as a system notification, when an environment has less than a fifth of its requests left, none left, or is answered 429 Too Many Requests. At most once per quota window.',
  'activity.save': 'Save',
} as const;
