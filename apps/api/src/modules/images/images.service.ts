/**
 * Menu pictures resized on request with sharp to the spec's sizes (cover crop), as WebP when the browser
 * accepts it, else PNG. Pictures never change under an id, so results are memoised per process (bounded)
 * and served with immutable cache headers.
 */
import sharp from 'sharp';
import { ALLOWED_IMAGE_SIZES } from '@storefront/contracts/menu';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { perDb } from '../../lib/per-db';
import { findImage } from './images.repository';

export interface RenderedImage {
  body: Buffer;
  contentType: 'image/webp' | 'image/png';
  etag: string;
}

const MAX_CACHED = 300;
const cacheOf = perDb(() => new Map<string, Promise<RenderedImage>>());

/**
 * The picture at width x height. Fails with 400 for a size the storefront does not use and 404 for an
 * unknown id.
 */
export async function getResizedImage(
  db: Db,
  imageId: string,
  width: number,
  height: number,
  acceptsWebp: boolean,
): Promise<RenderedImage> {
  if (!ALLOWED_IMAGE_SIZES.some((s) => s.width === width && s.height === height)) {
    const sizes = ALLOWED_IMAGE_SIZES.map((s) => `${s.width}x${s.height}`).join(', ');
    throw badRequest('ImageSize', `Unsupported size ${width}x${height}; use one of ${sizes}`);
  }
  const format = acceptsWebp ? 'webp' : 'png';
  const key = `${imageId}|${width}x${height}|${format}`;
  const cache = cacheOf(db);
  const cached = cache.get(key);
  if (cached) return cached;
  const rendered = (async (): Promise<RenderedImage> => {
    const image = await findImage(db, imageId);
    if (!image) throw notFound('ImageNotFound', `Image ${imageId} not found`);
    const pipeline = sharp(Buffer.from(image.bytes)).resize(width, height, { fit: 'cover' });
    const body =
      format === 'webp' ? await pipeline.webp({ quality: 80 }).toBuffer() : await pipeline.png().toBuffer();
    return {
      body,
      contentType: format === 'webp' ? 'image/webp' : 'image/png',
      etag: `"${imageId}-${width}x${height}-${format}"`,
    };
  })();
  rendered.catch(() => cache.delete(key));
  if (cache.size >= MAX_CACHED) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, rendered);
  return rendered;
}
