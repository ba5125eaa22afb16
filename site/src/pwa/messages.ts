/** Asks the service worker to cache the editor's code for offline use (reply on the message's port). */
export const CACHE_APP_MESSAGE = 'CACHE_APP';

export type CacheAppReply =
  | { readonly type: 'app-cached'; readonly files: number }
  | { readonly type: 'app-cache-failed'; readonly message: string };
