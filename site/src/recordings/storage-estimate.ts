/** Browser storage in use and available to the site (bytes), and whether it is protected from eviction. */
export interface StorageEstimate {
  readonly usage: number;
  readonly quota: number;
  readonly persisted: boolean;
}

/**
 * Storage used and available. Each call while the site's data is not yet protected from eviction asks the browser
 * to protect it (recordings are precious); Chromium grants or refuses without prompting, so asking again is harmless
 * and may succeed once the site is used more.
 */
export async function storageEstimate(): Promise<StorageEstimate> {
  const storage = navigator.storage;
  const estimate = await storage.estimate();
  const persisted = (await storage.persisted()) || (await storage.persist().catch(() => false));
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
}
