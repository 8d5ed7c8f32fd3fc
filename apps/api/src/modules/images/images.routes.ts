import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorEnvelopeSchema } from '@storefront/contracts/api';
import { ImageParamsSchema, ImageQuerySchema } from '@storefront/contracts/menu';
import { getResizedImage } from './images.service';

/** Routes of the images module (under /v1). Public: pictures are loaded by <img> tags without a token. */
const imagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/:imageId',
    {
      schema: {
        tags: ['images'],
        summary: 'A menu picture resized to 226x170, 828x622 or 192x144 (WebP when accepted, else PNG)',
        params: ImageParamsSchema,
        querystring: ImageQuerySchema,
        response: {
          // Documented as the image types it answers (bytes, never JSON); a Buffer is sent as is.
          200: {
            description: 'The picture: WebP when the request accepts it, else PNG',
            content: {
              'image/webp': { schema: z.string().meta({ format: 'binary' }) },
              'image/png': { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          304: z.void().describe('Not modified: the If-None-Match tag is current'),
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const acceptsWebp = (request.headers.accept ?? '').includes('image/webp');
      const image = await getResizedImage(
        app.db,
        request.params.imageId,
        request.query.width,
        request.query.height,
        acceptsWebp,
      );
      const raw: FastifyReply = reply;
      raw
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'Accept')
        .header('etag', image.etag);
      if (request.headers['if-none-match'] === image.etag) return raw.code(304).send();
      return raw.type(image.contentType).send(image.body);
    },
  );
};

export default imagesRoutes;
