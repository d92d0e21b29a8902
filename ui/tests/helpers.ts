import { fireEvent, render, screen, within } from '@testing-library/svelte';
import App from '../src/App.svelte';
import { installFake, pet, type Fake, type FakeOptions } from '../src/demo/fake';

export const DEMO_PETS = [
  pet('3', 'Biscuit', '1', 'available'),
  pet('10', 'Luna', '2', 'pending'),
  pet('9007199254740993', 'Atlas', '9223372036854775807', 'sold'),
  pet('2', 'Mochi', '4', 'reserved'),
];

/** The whole app over the fake backend, waiting until the first page (if any) is on screen. */
export async function startApp(options: FakeOptions = {}): Promise<Fake> {
  const fake = installFake({ pets: DEMO_PETS, ...options });
  render(App);
  return fake;
}

export function rows(): HTMLElement[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .filter((r) => r.hasAttribute('data-id'));
}

export function rowIds(): string[] {
  return rows().map((r) => r.dataset.id ?? '');
}

export async function type(element: HTMLElement, value: string): Promise<void> {
  await fireEvent.input(element, { target: { value } });
}
