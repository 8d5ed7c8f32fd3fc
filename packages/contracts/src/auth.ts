import { z } from 'zod';
import { envelope } from './api';
import { textSchema } from './bounds';

/**
 * POST /v1/oauth/token: client credentials (the storefront server holds the secret). With `refreshToken` (a
 * signed-in customer's, from POST guests/sessions) it is the refresh grant: a new user token for the client's app
 * type, in the same customer session (also how a signed-in customer switches between web and catering).
 */
export const TokenBodySchema = z.object({
  clientId: textSchema(100).min(1),
  clientSecret: textSchema(200).min(1),
  recaptchaInput: textSchema(4000).optional(),
  refreshToken: textSchema(200).min(1).optional(),
});
export type TokenBody = z.infer<typeof TokenBodySchema>;

export const TokenValueSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  appType: z.number().int(),
  /** The signed-in customer's id (refresh grant only): the X-Integration header of user requests. */
  userId: z.number().int().optional(),
  /**
   * Refresh grant: the session's next refresh token, which replaces the one sent (that one is used up; sent again
   * later, it ends the session). Absent when the token sent was used moments ago (a concurrent request's repeat):
   * the client keeps the one it got first.
   */
  refreshToken: z.string().optional(),
  /** Seconds until the session (and so the refresh token) ends. */
  refreshExpiresIn: z.number().int().optional(),
});
export type TokenValue = z.infer<typeof TokenValueSchema>;
export const TokenResponseSchema = envelope(TokenValueSchema);
