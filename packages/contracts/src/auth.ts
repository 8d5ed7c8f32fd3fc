import { z } from 'zod';
import { envelope } from './api';

/** POST /v1/oauth/token: client credentials (the storefront server holds the secret). */
export const TokenBodySchema = z.object({
  clientId: z.string().min(1).max(100),
  clientSecret: z.string().min(1).max(200),
  recaptchaInput: z.string().max(4000).optional(),
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
