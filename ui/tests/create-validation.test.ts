// The create form refuses what the service would refuse (a name of 1 to 1000
// characters once trimmed, a category id from 1 to the int64 maximum, compared exactly), sends
// nothing while a field is in error, and puts the person on the first field to put right.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { categoryProblem, nameProblem } from '../src/lib/validation';
import { startApp, type } from './helpers';

const TWO_53_PLUS_1 = '9007199254740993';
const INT64_MAX = '9223372036854775807';
const INT64_MAX_PLUS_1 = '9223372036854775808';

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const categoryInput = () => screen.getByLabelText('Category id') as HTMLInputElement;

async function openForm() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
  return screen.getByRole('dialog', { name: 'New pet' });
}

async function fillAndSubmit(name: string, category: string) {
  const dialog = await openForm();
  await type(nameInput(), name);
  await type(categoryInput(), category);
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));
  return dialog;
}

/** Lets a create that was (wrongly) started reach the fake backend before asserting none was. */
const settle = () => new Promise((r) => setTimeout(r, 30));

describe('category id rules', () => {
  test('0 and negatives are refused with what to do', () => {
    for (const text of ['0', '-1', '-9223372036854775808', '-9223372036854775809', '00']) {
      expect(categoryProblem(text)).toBe('Use a whole number from 1 up, for example 3.');
    }
  });

  test('above the int64 maximum is refused, compared exactly rather than as a Number', () => {
    expect(categoryProblem(INT64_MAX_PLUS_1)).toMatch(/too large for a category id: use at most 9,223,372,036,854,775,807\./);
    expect(categoryProblem('99999999999999999999999')).toMatch(/too large/);
    // As a Number, 2^63 and 2^63 - 1 are the same value; as BigInt they are not.
    expect(Number(INT64_MAX_PLUS_1)).toBe(Number(INT64_MAX));
    expect(categoryProblem(INT64_MAX)).toBeNull();
  });

  test('1, 2^53 + 1 and the int64 maximum are accepted, spaces around them ignored', () => {
    for (const text of ['1', '3', ' 3 ', TWO_53_PLUS_1, INT64_MAX, '007']) expect(categoryProblem(text)).toBeNull();
  });

  test('anything but digits says to use digits', () => {
    for (const text of ['12.5', '1e3', '3 4', '+3', 'three', '٣']) {
      expect(categoryProblem(text)).toBe('Use digits only: a whole number from 1 up, for example 3.');
    }
  });
});

describe('name rules', () => {
  test('1,000 characters after trimming pass; 1,001 do not', () => {
    expect(nameProblem(`   ${'a'.repeat(1000)}   `)).toBeNull();
    expect(nameProblem('a')).toBeNull();
    expect(nameProblem(` ${'a'.repeat(1001)} `)).toBe(
      'This name is too long: shorten it to at most 1,000 characters (remove 1).',
    );
    expect(nameProblem('a'.repeat(2000))).toMatch(/remove 1,000\)/);
    expect(nameProblem(' \t ')).toBe('Enter a name.');
  });

  test('characters are counted as the service counts them, never fewer', () => {
    // An emoji is two UTF-16 units but one character.
    expect(nameProblem('🐶'.repeat(1000))).toBeNull();
    expect(nameProblem('🐶'.repeat(1001))).toMatch(/too long/);
    // e + a combining accent looks like one character but the service counts two: refusing it
    // here beats a refusal from the server.
    expect(nameProblem('e\u0301'.repeat(501))).toMatch(/too long/);
  });
});

describe('the create form refuses locally and sends nothing', () => {
  for (const category of ['0', '-1', INT64_MAX_PLUS_1]) {
    test(`category ${category}: a plain message, focus on the category, no create sent`, async () => {
      const fake = await startApp();
      const dialog = await fillAndSubmit('Clover', category);
      await settle();
      expect(fake.callsTo('create_pet')).toEqual([]);
      const message = within(dialog).getByRole('alert');
      expect(message.id).toBe('pet-category-error');
      expect(message.textContent).toBe(categoryProblem(category));
      expect(categoryInput().getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(categoryInput());
      // The form keeps what was typed.
      expect(nameInput().value).toBe('Clover');
      expect(categoryInput().value).toBe(category);
    });
  }

  test('a name of 1,001 characters after trimming: message, focus on the name, no create sent', async () => {
    const fake = await startApp();
    const long = `  ${'n'.repeat(1001)}  `;
    const dialog = await fillAndSubmit(long, '3');
    await settle();
    expect(fake.callsTo('create_pet')).toEqual([]);
    expect(within(dialog).getByRole('alert').textContent).toMatch(/shorten it to at most 1,000 characters/);
    expect(document.activeElement).toBe(nameInput());
    expect(nameInput().value).toBe(long);
  });

  test('both fields in error: focus goes to the first, the name', async () => {
    const fake = await startApp();
    const dialog = await fillAndSubmit('   ', '-1');
    await settle();
    expect(fake.callsTo('create_pet')).toEqual([]);
    expect(within(dialog).getAllByRole('alert').map((a) => a.id)).toEqual(['pet-name-error', 'pet-category-error']);
    expect(document.activeElement).toBe(nameInput());
  });

  test('the message shows while typing, before any submit', async () => {
    await startApp();
    const dialog = await openForm();
    await type(categoryInput(), '0');
    expect(within(dialog).getByRole('alert').textContent).toContain('from 1 up, for example 3');
    await type(categoryInput(), '3');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  test('a name of 1,000 characters after trimming and the int64 maximum are sent exactly', async () => {
    const fake = await startApp();
    const name = 'm'.repeat(1000);
    await fillAndSubmit(`  ${name}  `, INT64_MAX);
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(1));
    expect(fake.callsTo('create_pet')[0]).toEqual({
      environment: 'sandbox',
      input: { name, categoryId: INT64_MAX, status: null },
      allowRepeat: false,
    });
  });

  test('category 2^53 + 1 is sent exactly', async () => {
    const fake = await startApp();
    await fillAndSubmit('Clover', TWO_53_PLUS_1);
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(1));
    expect(fake.callsTo('create_pet')[0].input).toEqual({ name: 'Clover', categoryId: TWO_53_PLUS_1, status: null });
  });

  test('what the real-app e2e test types is sent, trimmed', async () => {
    const fake = await startApp();
    await fillAndSubmit('  E2E Pet 4821  ', '3');
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(1));
    expect(fake.callsTo('create_pet')[0].input).toEqual({ name: 'E2E Pet 4821', categoryId: '3', status: null });
  });
});
