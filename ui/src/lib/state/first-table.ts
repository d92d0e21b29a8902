// What follows the window's first table with data on screen (PetTable tells, once per window).
import * as backend from '../backend';
import { updates } from './updates.svelte';

/** The app prints a line people and benchmarks read; then, never before, the quiet update check. */
export function firstTableShown(rows: number): void {
  backend.reportFirstTable(rows).catch(() => {});
  updates.checkAtStart();
}
