import { describe, expect, it } from 'vitest';
import { statisticsOutdated } from './import-statistics';

describe('statisticsOutdated', () => {
  it('is so once the questions written since are as many as the table then held', () => {
    expect(statisticsOutdated(200_000, 199_999)).toBe(false);
    expect(statisticsOutdated(200_000, 200_000)).toBe(true);
  });

  it('waits for 10,000 questions on a small or empty table', () => {
    expect(statisticsOutdated(0, 9_999)).toBe(false);
    expect(statisticsOutdated(0, 10_000)).toBe(true);
    expect(statisticsOutdated(184, 10_000)).toBe(true);
  });
});
