import { useEffect, useState } from 'react';
import { z } from 'zod';
import { StorageError } from '../../../../shared/errors/domain-errors';
import type { Background } from '../../../../shared/look/render-settings';
import { siteDatabase } from '../../recordings/site-database';

/** Pictures users chose as backgrounds, kept in the site database so saved edits can refer to them by id. */
const imageRowSchema = z.object({ id: z.string(), blob: z.instanceof(Blob) });

/** Largest side a background picture is kept at: enough for a 4K export, small enough to store. */
const MAX_SIDE = 3840;

/** Stores a picture the user chose (checked to be an image) and returns its id. */
export async function saveBackgroundImage(file: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (cause) {
    throw new StorageError(
      'not-a-picture',
      'That file is not a picture this browser can read (use PNG, JPEG or WebP).',
      { type: file.type },
      { cause },
    );
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  let blob: Blob = file;
  if (scale < 1) {
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    (canvas.getContext('2d') as OffscreenCanvasRenderingContext2D).drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
  }
  bitmap.close();
  const id = `image-${crypto.randomUUID()}`;
  await (await siteDatabase()).put('images', { id, blob });
  return id;
}

/** The stored picture with this id; null when it is missing or its row is damaged. */
export async function loadBackgroundImage(id: string): Promise<Blob | null> {
  const row = imageRowSchema.safeParse(await (await siteDatabase()).get('images', id));
  return row.success ? row.data.blob : null;
}

/** No pictures: one object, so memoized compositions do not change for nothing. */
const NO_IMAGES: Record<string, ImageBitmap> = {};

/** The decoded user pictures a background needs, by id (empty while loading or for other backgrounds). */
export function useUserImages(background: Background): Record<string, ImageBitmap> {
  const id = background.type === 'Image' && background.image.kind === 'user' ? background.image.id : null;
  const [images, setImages] = useState<Record<string, ImageBitmap>>({});
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    let bitmap: ImageBitmap | null = null;
    loadBackgroundImage(id)
      .then((blob) => (blob ? createImageBitmap(blob) : null))
      .then((decoded) => {
        bitmap = decoded;
        if (!cancelled && decoded) setImages({ [id]: decoded });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      bitmap?.close();
    };
  }, [id]);
  return id && images[id] ? images : NO_IMAGES;
}
