import type { PetStatusValue } from '../types';

/** What the person typed in the create form; it outlives the dialog so no failure loses it. */
export class PetDraft {
  name = $state('');
  categoryId = $state('');
  status = $state<PetStatusValue | ''>('');

  clear(): void {
    this.name = '';
    this.categoryId = '';
    this.status = '';
  }
}
