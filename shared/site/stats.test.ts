import { describe, expect, test } from 'vitest';
import { DEFAULT_STATS, formatReviewCount, formatUserCount, statsFromEnvironment } from './stats';

describe('rating badge figures', () => {
  test('defaults are 4.94 stars, 280 reviews, 15000 users', () => {
    expect(statsFromEnvironment({})).toEqual({ rating: 4.94, reviews: 280, users: 15000 });
  });

  test('the review count is rounded down to a multiple of 5 and shown with +', () => {
    expect(formatReviewCount(280)).toBe('280+');
    expect(formatReviewCount(284)).toBe('280+');
    expect(formatReviewCount(4)).toBe('0+');
    expect(formatUserCount(15000)).toBe('15,000');
  });

  test('configured figures replace the defaults; malformed ones keep them', () => {
    expect(statsFromEnvironment({ STATS_RATING: '4.8', STATS_REVIEWS: '301', STATS_USERS: 'lots' })).toEqual({
      rating: 4.8,
      reviews: 301,
      users: DEFAULT_STATS.users,
    });
    expect(statsFromEnvironment({ STATS_RATING: '7' }).rating).toBe(DEFAULT_STATS.rating);
  });
});
