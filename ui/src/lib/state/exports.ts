// Lists written to files the person picks (the save picker is the backend's). Each answers where
// the file went, or null when the person closed the picker.
import * as backend from '../backend';
import type { ActivityFilter, ExportFormat, ExportProgress, PetStatusValue, SavedFile } from '../types';

/**
 * The selected environment's pets of `status` (all when null); with `categoryNames`, each pet's
 * category name from this computer's list too. `onProgress` hears how many pets are in the file
 * after each page (a large store on a small plan takes minutes).
 */
export function exportPets(
  status: PetStatusValue | null,
  format: ExportFormat,
  categoryNames: boolean,
  onProgress: (progress: ExportProgress) => void = () => {},
): Promise<SavedFile | null> {
  return backend.exportPets(status, format, categoryNames, onProgress);
}

/** The activity entries matching `filter`, as CSV. */
export function exportActivity(filter: ActivityFilter): Promise<SavedFile | null> {
  return backend.exportActivity(filter);
}
