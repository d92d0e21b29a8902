import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import type { SettingsProblem } from '../src/lib/types';
import { startApp, type } from './helpers';

const PROBLEM: SettingsProblem = {
  path: '/home/sam/.config/dev.petstore.admin/settings.json',
  line: 4,
  column: 1,
  problem: { code: 'settingsSyntax', line: 4, column: 1 },
};

const banner = () => screen.getByTestId('settings-problem');

describe('a settings file the app cannot read', () => {
  test('the banner names the file and the problem with its line and column, and says changes are not saved', async () => {
    await startApp({ settingsProblem: PROBLEM });
    const shown = await screen.findByTestId('settings-problem');
    expect(shown.getAttribute('role')).toBe('alert');
    expect(shown.textContent).toContain(PROBLEM.path);
    expect(shown.textContent).toContain('it is not valid JSON (look for a stray character, a trailing comma or a missing quote) at line 4, column 1');
    expect(shown.textContent).toContain('are not saved');
    expect(within(shown).getByRole('button', { name: 'Open the folder' })).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Start over…' })).toBeTruthy();
  });

  test('no problem, no banner', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    await waitFor(() => expect(fake.callsTo('settings_problem')).toHaveLength(1));
    expect(screen.queryByTestId('settings-problem')).toBeNull();
  });

  test('Open the folder asks the app (which knows the file), and its failure is shown', async () => {
    const fake = await startApp({ settingsProblem: PROBLEM });
    await fireEvent.click(within(await screen.findByTestId('settings-problem')).getByRole('button', { name: 'Open the folder' }));
    await waitFor(() => expect(fake.callsTo('open_settings_folder')).toEqual([{}]));

    fake.handlers.open_settings_folder = () => {
      throw commandError('configuration', { problem: 'folderNotOpened', path: '/home/sam/.config/dev.petstore.admin' });
    };
    await fireEvent.click(within(banner()).getByRole('button', { name: 'Open the folder' }));
    await waitFor(() => expect(banner().textContent).toContain('Open it yourself: /home/sam/.config/dev.petstore.admin'));
  });

  test('Start over confirms first; Cancel changes nothing', async () => {
    const fake = await startApp({ settingsProblem: PROBLEM });
    await fireEvent.click(within(await screen.findByTestId('settings-problem')).getByRole('button', { name: 'Start over…' }));
    const dialog = screen.getByRole('dialog', { name: 'Start over with new settings?' });
    expect(dialog.textContent).toContain('settings.json.broken-');
    expect(dialog.textContent).toContain('nothing in it is lost');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('start_settings_over')).toEqual([]);
    expect(banner()).toBeTruthy();
  });

  test('Start over, confirmed, says where the old file was kept and the banner goes', async () => {
    const fake = await startApp({ settingsProblem: PROBLEM });
    await fireEvent.click(within(await screen.findByTestId('settings-problem')).getByRole('button', { name: 'Start over…' }));
    const dialog = screen.getByRole('dialog', { name: 'Start over with new settings?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Start over' }));
    const done = await screen.findByTestId('settings-started-over');
    expect(done.textContent).toContain(`${PROBLEM.path}.broken-20301205-140500`);
    expect(fake.callsTo('start_settings_over')).toEqual([{}]);
    expect(screen.queryByTestId('settings-problem')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the backend reports a problem that appears, and its end, as events', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    await fake.emit('settings-problem', { ...PROBLEM, line: null, column: null, problem: { code: 'io', io: 'permissionDenied' } });
    await waitFor(() => expect(banner().textContent).toContain('the app may not use it'));
    expect(banner().textContent).not.toContain('line');
    await fake.emit('settings-problem', null);
    await waitFor(() => expect(screen.queryByTestId('settings-problem')).toBeNull());
  });

  test('a rows-per-page change still works for this session while the file is unreadable', async () => {
    const fake = await startApp({ settingsProblem: PROBLEM });
    await screen.findByText('Biscuit');
    const limit = screen.getByLabelText(/^Rows/);
    await type(limit, '50');
    await fireEvent.change(limit);
    await waitFor(() => expect(fake.callsTo('save_page_size')).toEqual([{ pageSize: 50 }]));
    expect(banner().textContent).toContain('are not saved');
  });
});
