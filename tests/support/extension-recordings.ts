import type { ExtensionBrowser } from './browser';

// Reading what the extension itself holds (its IndexedDB 'clickreel-extension'), for benchmarks whose recordings stay
// in the extension: no site answers their hand-off.

/** The newest recording session in the extension's database, and its video chunks' bytes in order. */
export async function newestVideo(browser: ExtensionBrowser): Promise<{ id: string; bytes: Buffer }> {
  const found = await browser.serviceWorker.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clickreel-extension');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const sessions = await new Promise<{ id: string; createdAt: string }[]>((resolve, reject) => {
      const request = db.transaction('sessions').objectStore('sessions').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const newest = sessions.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    const count = newest
      ? await new Promise<number>((resolve) => {
          const range = IDBKeyRange.bound([newest.id, 'video', 0], [newest.id, 'video', Number.MAX_SAFE_INTEGER]);
          const request = db.transaction('chunks').objectStore('chunks').count(range);
          request.onsuccess = () => resolve(request.result);
        })
      : 0;
    db.close();
    return newest ? { id: newest.id, count } : null;
  });
  if (!found) throw new Error('the extension holds no recording');
  const parts: Buffer[] = [];
  // One chunk per call: a minute of 1080p is too much for one answer.
  for (let index = 0; index < found.count; index++) {
    const base64 = await browser.serviceWorker.evaluate(
      async ([id, i]) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('clickreel-extension');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const chunk = await new Promise<{ blob: Blob } | undefined>((resolve) => {
          const request = db.transaction('chunks').objectStore('chunks').get([id, 'video', i]);
          request.onsuccess = () => resolve(request.result);
        });
        db.close();
        if (!chunk) return '';
        const bytes = new Uint8Array(await chunk.blob.arrayBuffer());
        let binary = '';
        for (let at = 0; at < bytes.length; at += 0x8000) {
          binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
        }
        return btoa(binary);
      },
      [found.id, index] as const,
    );
    parts.push(Buffer.from(base64, 'base64'));
  }
  return { id: found.id, bytes: Buffer.concat(parts) };
}

/** Deletes every recording the extension holds, so the next run reads its own. */
export async function clearRecordings(browser: ExtensionBrowser): Promise<void> {
  await browser.serviceWorker.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clickreel-extension');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction(['sessions', 'chunks', 'events'], 'readwrite');
      for (const store of ['sessions', 'chunks', 'events']) tx.objectStore(store).clear();
      tx.oncomplete = () => resolve();
    });
    db.close();
  });
}
