// Dev-only entry: with `--mode demo` (vite.config.ts) index.html loads this instead of main.ts: the
// real app over a fake backend with demo data, so it can be looked at in a plain browser. Never part
// of the production bundle.
import { commandError, installFake, pet, quota } from './fake';
import { outboxItem } from './fake-outbox';

const NAMES: [string, string, string | null][] = [
  ['Biscuit', '1', 'available'], ['Luna', '2', 'pending'], ['Captain Whiskers', '1', 'sold'],
  ['Pepper', '3', 'available'], ['Sir Reginald Fluffington the Third of Upper Puddleby-on-the-Marsh', '2', 'available'],
  ['Mochi', '4', 'reserved'], ['Nugget', '1', 'available'], ['Olive', '9223372036854775807', 'pending'],
  ['Ziggy', '3', 'available'], ['Hazel', '2', 'sold'], ['Pickles', '1', 'available'], ['Juniper', '5', null],
];

const scene = new URLSearchParams(location.search).get('scene') ?? 'main';

/** The `import` scene's file: rows to fix in place with long words, and rows repeated in the file. */
const MESSY_IMPORT_CSV = [
  'name,categoryId,status',
  'Broken Cat Basket Tester,seven,availble',
  ',3,pending',
  'Sir Reginald Fluffington the Third,2,sould',
  ...Array.from({ length: 24 }, (_, i) => `${['Pepper', 'Juniper', 'Toffee', 'Basil', 'Clover', 'Hazel'][i % 6]},${(i % 5) + 1},available`),
].join('\n');
const pets = NAMES.map(([name, cat, status], i) => pet(String(1001 + i), name, cat, status));
pets.push(pet('9007199254740993', 'Atlas', '7', 'available'));
// The `find` scene: a store of more pages than one, some of its names to be found ("rex").
if (scene === 'find') {
  const more = ['Rex', 'Pepper', 'T-Rex', 'Biscuit', 'Rexy Zoé', 'Hazel', 'Clover', 'Basil'];
  for (let i = 0; i < 240; i++) pets.push(pet(String(2001 + i), `${more[i % more.length]} ${i + 1}`, String((i % 5) + 1), 'available'));
  pets.splice(3, 0, pet('1200', 'Little Rex', '2', 'pending'), pet('1201', 'Brexit the Cat', '1', 'sold'));
}

const fake = installFake({
  // `?lang=de_DE.UTF-8` shows the demo as on a computer with that locale.
  systemLocale: new URLSearchParams(location.search).get('lang'),
  pets: scene === 'empty' ? [] : pets,
  selected: scene === 'production' || scene === 'setup' ? 'production' : 'sandbox',
  // Like a first run of the real app: only the sandbox is set up. The production scene has
  // Production set up, on the widest quota text (a day window, Business plan, hours to reset).
  settings: scene === 'production' ? undefined : { productionUrl: null, stagingUrl: null },
  quota:
    scene === 'low'
      ? quota(12, 100)
      : scene === 'waiting'
        ? quota(0, 100)
        : scene === 'renewed'
          ? quota(250, 300, { plan: 'pro', resetAt: new Date(Date.now() - 120_000).toISOString() })
        : scene === 'production'
          ? quota(99_870, 100_000, { environment: 'production', window: 'day', plan: 'business', resetAt: new Date(Date.now() + 86_000_000).toISOString() })
          : quota(299, 300, { plan: 'pro' }),
  listing: scene === 'loading' ? 'stalls' : scene === 'error' ? 'refused' : undefined,
  keychainAvailable: scene !== 'nokeychain',
  importCsv: scene === 'import' ? MESSY_IMPORT_CSV : undefined,
  keys: scene === 'production' ? { production: '7f3a' } : {},
  // The category scenes: the sandbox's demo categories named on this computer.
  categoryNames: scene.startsWith('categories')
    ? { sandbox: ['Dogs', 'Cats', 'Birds', 'Fish', 'Reptiles'].map((name, i) => ({ id: String(i + 1), name })) }
    : {},
  // The `outbox` scene: pets waiting to be sent (issue 39), one refused, one unconfirmed, the quota spent.
  ...(scene === 'outbox' ? outboxScene() : {}),
});

function outboxScene() {
  const at = new Date(Date.now() - 25 * 60_000).toISOString();
  const until = new Date(Date.now() + 40 * 60_000).toISOString();
  return {
    outbox: {
      sandbox: [
        outboxItem('1', 'Clover', '3', { queuedAt: at, reason: { kind: 'quotaSpent' as const, until } }),
        outboxItem('2', 'Sir Reginald Fluffington the Fourth', '2', { queuedAt: at, status: 'available' }),
        outboxItem('3', 'Bo', '4', { queuedAt: at, state: { kind: 'refused' as const, message: 'categoryId 4 does not exist.', at } }),
        outboxItem('4', 'Basil', '1', { queuedAt: at, state: { kind: 'unconfirmed' as const, at } }),
      ],
      staging: [outboxItem('5', 'Toffee', '2')],
    },
    senders: { sandbox: { kind: 'waiting' as const, why: { kind: 'quotaSpent' as const, until }, retryAt: until } },
  };
}
if (scene === 'outbox-offer') {
  fake.handlers.create_pet = () => {
    throw commandError('network', { cause: 'refused', mayQueue: true });
  };
}

if (scene === 'create-error') {
  fake.handlers.create_pet = () => {
    throw commandError('badRequest', {
      field: 'categoryId',
      serverMessage: 'categoryId 42 does not exist.',
      serverText: 'categoryId 42 does not exist',
    });
  };
}
if (scene === 'adding') fake.handlers.create_pet = () => new Promise(() => {});
if (scene === 'outcome') {
  fake.handlers.create_pet = () => {
    throw commandError('outcomeUnknown', { reason: { code: 'connectionLost' } });
  };
}

await import('../main');

// Scenes that need the UI in a given state after it has started.
const click = (selector: string) => document.querySelector<HTMLElement>(selector)?.click();
const settle = () => new Promise((r) => setTimeout(r, 150));
/** Types `value` into the field `id`, as a person would (the field hears an input event). */
const set = (id: string, value: string) => {
  const el = document.getElementById(id) as HTMLInputElement;
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};
/** Opens the new-pet form, fills in a name and a category number, and sends it. */
async function addPet(name: string, categoryId: string) {
  click('button[aria-keyshortcuts$="+N"]');
  await settle();
  set('pet-name', name);
  set('pet-category', categoryId);
  await settle();
  click('[role=dialog] button[type=submit]');
}
await settle();
if (scene === 'waiting') {
  await fake.emit('waiting', { until: new Date(Date.now() + 12_000).toISOString(), reason: 'rateLimited', environment: 'sandbox' });
}
if (scene === 'create') await addPet('', '12x');
if (scene === 'create-error' || scene === 'outcome' || scene === 'adding' || scene === 'outbox-offer') await addPet('Clover', '42');
if (scene === 'settings' || scene === 'nokeychain') {
  click('header button.settings');
  await settle();
  click('[role=tab]');
  await settle();
  if (scene === 'settings') set('url-production', 'http://pets.example.com/v1');
}
// Settings → Sandbox with its question to start afresh; a typed address, and closing asks.
if (scene === 'sandbox-afresh' || scene === 'settings-close') {
  click('header button.settings');
  await settle();
  if (scene === 'sandbox-afresh') {
    click('#tab-sandbox');
    await settle();
    click('[data-testid="sandbox-afresh"]');
  } else {
    click('#tab-production');
    await settle();
    set('url-production', 'https://pets.example.com/v1');
    await settle();
    document.querySelector('[role=dialog]')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  }
}
if (scene === 'lookup') {
  set('lookup-id', '9007199254740993');
  await settle();
  click('.lookup button[type=submit]');
}
if (scene === 'activity' || scene === 'details') {
  // The longest usual words of the Result and Took columns on top: an unconfirmed add that was
  // added again after a long wait.
  fake.recordActivity({
    operation: 'createPet', method: 'POST', path: '/v1/pets', environment: 'staging', status: null, outcome: 'unknown',
    errorKind: 'outcomeUnknown', durationMs: 3_599_000, pet: { name: 'Clover', categoryId: '5', id: null }, petsReturned: null,
    resolution: { kind: 'retried', petId: '4100', at: new Date().toISOString() },
  });
  click('#view-tab-activity');
  await settle();
  if (scene === 'details') click('[data-testid="activity-scroll"] tbody tr[data-id] button');
}
if (scene === 'quota' || scene === 'quota-day') {
  click('[data-testid="quota-open"]');
  await settle();
  if (scene === 'quota-day') click('input[name="quota-range"][value="day"]');
}
if (scene === 'import') click('[data-testid="import-button"]');
if (scene === 'alert') {
  const now = Date.now();
  const reset = new Date(Math.ceil(now / 60_000) * 60_000).toISOString();
  await fake.emit('quota-alert', { environment: 'staging', level: 'low', window: 'minute', remaining: 8, limit: 60, resetAt: reset, at: new Date(now).toISOString() });
  await fake.emit('quota-alert', { environment: 'sandbox', level: 'rateLimited', window: 'minute', remaining: 0, limit: 60, resetAt: reset, at: new Date(now).toISOString() });
}
if (scene === 'highlight') await addPet('Clover', '3');
if (scene === 'find') {
  (document.getElementById('pet-find') as HTMLInputElement).focus();
  set('pet-find', 'rex');
}
if (scene === 'categories') {
  click('header button.settings');
  await settle();
  click('#tab-categories');
  await settle();
}
if (scene === 'categories-create') {
  click('button[aria-keyshortcuts$="+N"]');
  await settle();
  const field = document.getElementById('pet-category') as HTMLInputElement;
  field.focus();
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
}
if (scene === 'exporting') {
  // An export on its way: the file holds 1,200 pets so far.
  fake.handlers.export_pets = (a) => {
    (a.onProgress as { onmessage: (message: { pets: number }) => void }).onmessage({ pets: 1200 });
    return new Promise(() => {});
  };
  click('[data-testid="export-button"]');
  await settle();
  click('[data-testid="export-dialog"] button.primary');
}
