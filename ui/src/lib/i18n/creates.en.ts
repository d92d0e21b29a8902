// The lines above the table about adds in flight and their outcomes (CreateActivity).
// German in creates.de.ts; spread into en.ts. "Adding…" and "We couldn’t confirm…" are create.*.
export const createsEn = {
  'creates.added': '{name} was added to {env} {id}.',
  'creates.petId': '(id {id})',
  'creates.checked': 'Its list was reloaded: look for {name} there. If it isn’t there, New pet still has your entry.',
  'creates.refused': '{name} wasn’t added to {env}.',
  'creates.goTo': 'Go to {env}',
  'creates.checkListIn': 'Check the list in {env}',
  'creates.openForm': 'Open the form',
  'creates.dismiss': 'Dismiss: {name}, {env}',
} as const;
