import { z } from 'zod';

/** The rating badge's figures: store rating, number of reviews, number of users. */
export const statsSchema = z.object({
  rating: z.number().min(0).max(5),
  reviews: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
});
export type Stats = z.infer<typeof statsSchema>;

/** Figures shown when nothing newer is known. */
export const DEFAULT_STATS: Stats = { rating: 4.94, reviews: 280, users: 15000 };

/** Reads STATS_RATING, STATS_REVIEWS and STATS_USERS over the defaults; a malformed value keeps its default. */
export function statsFromEnvironment(env: Record<string, string | undefined>): Stats {
  const pick = <K extends keyof Stats>(key: K, value: string | undefined): Stats[K] => {
    if (value === undefined || value.trim() === '') return DEFAULT_STATS[key];
    const parsed = statsSchema.shape[key].safeParse(Number(value));
    return parsed.success ? (parsed.data as Stats[K]) : DEFAULT_STATS[key];
  };
  return {
    rating: pick('rating', env.STATS_RATING),
    reviews: pick('reviews', env.STATS_REVIEWS),
    users: pick('users', env.STATS_USERS),
  };
}

/** The review count as shown: rounded down to a multiple of 5, with '+' (283 → '280+'). */
export function formatReviewCount(reviews: number): string {
  return `${Math.floor(reviews / 5) * 5}+`;
}

/** The user count as shown, grouped for reading (15000 → '15,000'). */
export function formatUserCount(users: number): string {
  return users.toLocaleString('en-US');
}
