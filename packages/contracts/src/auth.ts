import { z } from 'zod';
import { envelope } from './api';
import { textSchema } from './bounds';

/** POST /v1/oauth/token: client credentials (the storefront server holds the secret). */
export const TokenBodySchema = z.object({
  clientId: textSchema(100).min(1),
  clientSecret: textSchema(200).min(1),
  recaptchaInput: textSchema(4000).optional(),
});
export type TokenBody = z.infer<typeof TokenBodySchema>;

export const TokenValueSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  appType: z.number().int(),
});
export type TokenValue = z.infer<typeof TokenValueSchema>;
export const TokenResponseSchema = envelope(TokenValueSchema);
