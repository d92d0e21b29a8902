// One rule for a category id in both shells (issue 38 §5): the form's inline check uses the bound
// Rust defines (petstore-client's MIN_CATEGORY_ID, generated into bindings/CategoryIdLimits.ts),
// which `petstore add` and an import row refuse by too.
import { describe, expect, test } from 'vitest';
import { MIN_CATEGORY_ID } from '../src/lib/bindings/CategoryIdLimits';
import { categoryProblem } from '../src/lib/validation';

describe('the category id bound', () => {
  test('is the one Rust defines, and the form refuses just below it', () => {
    expect(MIN_CATEGORY_ID).toBe(1);
    expect(categoryProblem(String(MIN_CATEGORY_ID))).toBeNull();
    expect(categoryProblem(String(MIN_CATEGORY_ID - 1))).toBe('Use a whole number from 1 up, for example 3.');
    expect(categoryProblem('-5')).toBe('Use a whole number from 1 up, for example 3.');
  });
});
