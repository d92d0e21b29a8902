// The Activity view's "Not confirmed" section (UnconfirmedCreates.svelte); unconfirmed.de.ts
// has the same keys.
export const unconfirmedEn = {
  'unconfirmed.title': 'Not confirmed',
  'unconfirmed.hint':
    'These pets were sent to be added, but no answer came back, so it is not known whether they were added. Check before adding them again, so nothing is added twice.',
  'unconfirmed.thePet': 'The pet',
  'unconfirmed.what': '{name} (category {category}) to {env}, {time}',
  'unconfirmed.whatNoCategory': '{name} to {env}, {time}',
  'unconfirmed.checking': 'Looking through {env}’s pets…',
  'unconfirmed.found': 'Found: {name} is {pet}.',
  'unconfirmed.petLink': 'pet {id}',
  'unconfirmed.showIn': 'Show it in {env}’s pets',
  'unconfirmed.notFound': 'Not found in {env}.',
  // Nothing found, and the list could not be read to the end: never "not found".
  'unconfirmed.unchecked':
    'Could not be checked: the service’s list could not be read to the end (a full page, with no way to fetch the rest), so it isn’t known whether {name} is in {env}.',
  'unconfirmed.retrying': 'Adding {name} to {env} again…',
  'unconfirmed.retried': 'Added again: {name} is {pet}.',
  'unconfirmed.question': 'Add {name} to {env} again?',
  'unconfirmed.questionText': 'This sends a new add. If the first one arrived after all, {env} will have {name} twice.',
  'unconfirmed.questionUnchecked':
    'The check could not see every pet in {env}, so {name} may be there already: adding it again may make a duplicate, and a pet can’t be deleted. Look in the pet list first if you can.',
  'unconfirmed.addAgain': 'Add again',
  'unconfirmed.done': 'Done',
  'unconfirmed.checkAgain': 'Check again',
  'unconfirmed.checkNow': 'Check now',
  'unconfirmed.tryAgain': 'Try again…',
  'unconfirmed.dismissLabel': 'Dismiss: {name}, {env}',
  'unconfirmed.dismiss': 'Dismiss',
} as const;
