/**
 * Menu pictures through the storefront origin: `/images/{imageId}?width=&height=` proxies the API's image
 * route. Images are immutable per id and size, so browsers and CDNs may keep them for a year.
 */
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { env } from '@/lib/env';

const SizeSchema = z.coerce.number().int().min(1).max(2000);
const ParamsSchema = z.object({ path: z.array(z.string().min(1).max(200)).length(1) });

export async function GET(request: NextRequest, context: { params: Promise<{ path: string[] }> }) {
  const params = ParamsSchema.safeParse(await context.params);
  const width = SizeSchema.safeParse(request.nextUrl.searchParams.get('width'));
  const height = SizeSchema.safeParse(request.nextUrl.searchParams.get('height'));
  if (!params.success) return new Response('Not found', { status: 404 });
  if (!width.success) return new Response('width is required', { status: 400 });
  if (!height.success) return new Response('height is required', { status: 400 });
  const [imageId = ''] = params.data.path;
  const url = new URL(`/v1/images/${encodeURIComponent(imageId)}`, env.API_URL);
  url.searchParams.set('width', String(width.data));
  url.searchParams.set('height', String(height.data));
  let upstream: Response;
  try {
    // The API answers WebP to browsers that accept it, else PNG.
    upstream = await fetch(url, {
      cache: 'no-store',
      headers: { accept: request.headers.get('accept') ?? 'image/png' },
    });
  } catch {
    return new Response('Image service unavailable', { status: 502 });
  }
  if (!upstream.ok || !upstream.body) {
    return new Response(upstream.status === 404 ? 'Not found' : 'Image unavailable', {
      status: upstream.status === 404 ? 404 : 502,
      headers: { 'cache-control': 'no-store' },
    });
  }
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'content-type': upstream.headers.get('content-type') ?? 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept',
      ...(upstream.headers.get('etag') ? { etag: upstream.headers.get('etag') ?? '' } : {}),
    },
  });
}
