import { clearMocks } from '@tauri-apps/api/mocks';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  clearMocks();
  vi.useRealTimers();
});
