// Settings → Activity: how long the history keeps entries, and whether quota alerts are raised.
import * as backend from '../backend';
import type { ActivitySettings, ActivityStatus } from '../types';

export function readActivitySettings(): Promise<ActivitySettings> {
  return backend.getActivitySettings();
}

/** Rejects with `field` set (`retentionDays`, `maxEntries`) when one number is out of range. */
export function saveActivitySettings(settings: ActivitySettings): Promise<ActivitySettings> {
  return backend.saveActivitySettings(settings);
}

/** Whether the history can be kept on this computer (the section says why not). */
export function activityStatus(): Promise<ActivityStatus> {
  return backend.activityStatus();
}
