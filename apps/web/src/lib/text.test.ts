import { describe, expect, it } from 'vitest';
import { foldForSearch } from './text';

describe('text helpers', () => {
  it('folds accents and case for searching', () => {
    expect(foldForSearch('  Órgão EDUCAÇÃO ')).toBe('orgao educacao');
  });
});
