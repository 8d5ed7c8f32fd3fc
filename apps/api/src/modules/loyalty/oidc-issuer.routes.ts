/**
 * The built-in loyalty issuer on the API's origin (oidc-issuer.ts), when no external issuer is configured:
 * - /loyalty-oidc/interaction/:uid: the member's sign-in page, its form (POST .../login) and Cancel (.../abort);
 * - everything else under /loyalty-oidc: oidc-provider itself (discovery, authorization, token, keys, userinfo).
 * Outside the OpenAPI document: these are the OpenID Connect protocol's endpoints, not the ordering API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { InteractionResults } from 'oidc-provider';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@storefront/contracts/accounts';
import { textSchema } from '@storefront/contracts/bounds';
import { LOYALTY_PROVIDER } from '@storefront/contracts/enum-values';
import { loyaltyProviderFor } from '../../providers/loyalty';
import { findCustomerByEmail } from '../accounts/accounts.repository';
import { unknownCustomerHash, verifyPassword } from '../accounts/passwords';
import { OIDC_ISSUER_MOUNT, type BuiltInIssuer } from './oidc-issuer';
import { interactionCsp, renderSignInGonePage, renderSignInPage } from './oidc-interaction-page';

/** Sign-in attempts at the issuer per client address a minute (each costs an argon2 verification). */
export const ISSUER_SIGN_IN_PER_MINUTE = 10;
/**
 * Requests to the authorization endpoint per client address a minute (a sign-in makes two: the start and its
 * resume). Each start keeps an interaction in the issuer's memory: a flood from one address cannot push out
 * everyone else's sign-ins under way.
 */
export const ISSUER_AUTHORIZATIONS_PER_MINUTE = 60;
/** The largest sign-in form accepted (an e-mail address and a password). */
const FORM_BODY_LIMIT = 4096;

const SignInFormSchema = z.object({
  email: textSchema(320).default(''),
  password: textSchema(200).default(''),
});
const InteractionParamsSchema = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * The raw request as the issuer must see it: under its mount (path without /loyalty-oidc, `originalUrl` with
 * it) and addressed to the issuer's own host and scheme, so that every URL it writes is under the issuer URL.
 */
function asIssuerRequest(raw: IncomingMessage, issuerUrl: URL, stripMount: boolean): IncomingMessage {
  const request = raw as IncomingMessage & { originalUrl?: string };
  if (stripMount) {
    const url = request.url ?? '/';
    request.originalUrl = url;
    request.url = url.slice(OIDC_ISSUER_MOUNT.length) || '/';
  }
  request.headers.host = issuerUrl.host;
  request.headers['x-forwarded-proto'] = issuerUrl.protocol.replace(':', '');
  delete request.headers['x-forwarded-host'];
  return request;
}

/** The security headers the API's hook put on the reply, onto the raw answer the issuer writes itself. */
function copyHeaders(reply: FastifyReply, raw: ServerResponse) {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, typeof value === 'number' ? String(value) : value);
  }
}

async function programNameOf(app: FastifyInstance): Promise<string> {
  const program = await loyaltyProviderFor(LOYALTY_PROVIDER.OpenProviderLoyalty)?.getProgram(
    app.db,
    app.config.LOYALTY_BRAND_ID,
  );
  return program?.name ?? 'Rewards';
}

/** The routes of the built-in issuer (`issuer`), registered at the API's root. */
export function oidcIssuerRoutes(issuer: BuiltInIssuer): FastifyPluginAsyncZod {
  return async (app) => {
    const issuerUrl = new URL(issuer.issuerUrl);
    const webOrigin = new URL(app.config.WEB_PUBLIC_URL).origin;

    // The sign-in page and its two forms.
    await app.register(async (scope) => {
      const pages = scope.withTypeProvider<ZodTypeProvider>();
      pages.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : '')));
        },
      );

      const sendPage = (reply: FastifyReply, status: number, html: string) =>
        reply
          .code(status)
          .header('content-security-policy', interactionCsp(webOrigin))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(html);

      /** The interaction of this browser (its cookie) for `uid`, or null when it is over or not its own. */
      const interactionOf = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
        const provider = await issuer.provider();
        try {
          const details = await provider.interactionDetails(
            asIssuerRequest(request.raw, issuerUrl, false),
            reply.raw,
          );
          return details.uid === uid ? { provider, details } : null;
        } catch {
          return null;
        }
      };

      const gone = async (reply: FastifyReply) =>
        sendPage(reply, 400, renderSignInGonePage(await programNameOf(app), app.config.WEB_PUBLIC_URL));

      /** Ends the interaction with `result`: the issuer redirects the browser on (to the storefront in the end). */
      const finish = async (
        request: FastifyRequest,
        reply: FastifyReply,
        found: NonNullable<Awaited<ReturnType<typeof interactionOf>>>,
        result: InteractionResults,
      ) => {
        copyHeaders(reply, reply.raw);
        reply.hijack();
        await found.provider.interactionFinished(
          asIssuerRequest(request.raw, issuerUrl, false),
          reply.raw,
          result,
          { mergeWithLastSubmission: false },
        );
      };

      pages.get(
        `${OIDC_ISSUER_MOUNT}/interaction/:uid`,
        { schema: { hide: true, params: InteractionParamsSchema } },
        async (request, reply) => {
          const { uid } = request.params;
          if (!(await interactionOf(request, reply, uid))) return gone(reply);
          const action = `${OIDC_ISSUER_MOUNT}/interaction/${uid}`;
          return sendPage(reply, 200, renderSignInPage({ programName: await programNameOf(app), action }));
        },
      );

      pages.post(
        `${OIDC_ISSUER_MOUNT}/interaction/:uid/login`,
        {
          config: { rateLimit: { max: ISSUER_SIGN_IN_PER_MINUTE, timeWindow: '1 minute' } },
          schema: { hide: true, params: InteractionParamsSchema, body: SignInFormSchema },
        },
        async (request, reply) => {
          const { uid } = request.params;
          const found = await interactionOf(request, reply, uid);
          if (!found) return gone(reply);
          const email = request.body.email.trim().toLowerCase();
          const customer = email ? await findCustomerByEmail(app.db, email) : null;
          // An unknown address costs what a wrong password costs: the answer's time tells nothing.
          const passwordOk = await verifyPassword(
            customer?.passwordHash ?? (await unknownCustomerHash()),
            request.body.password,
          );
          if (!customer || !passwordOk || !customer.activatedAt) {
            const action = `${OIDC_ISSUER_MOUNT}/interaction/${uid}`;
            return sendPage(
              reply,
              401,
              renderSignInPage({
                programName: await programNameOf(app),
                action,
                email: request.body.email,
                error: ACCOUNT_MESSAGES.invalidCredentials,
              }),
            );
          }
          await finish(request, reply, found, { login: { accountId: String(customer.id), remember: false } });
          return reply;
        },
      );

      pages.post(
        `${OIDC_ISSUER_MOUNT}/interaction/:uid/abort`,
        { schema: { hide: true, params: InteractionParamsSchema } },
        async (request, reply) => {
          const found = await interactionOf(request, reply, request.params.uid);
          if (!found) return gone(reply);
          await finish(request, reply, found, {
            error: 'access_denied',
            error_description: 'The member cancelled the sign-in',
          });
          return reply;
        },
      );
    });

    // oidc-provider itself: it reads the request body on its own, so Fastify leaves every body unread here.
    await app.register(async (protocol) => {
      protocol.removeAllContentTypeParsers();
      protocol.addContentTypeParser('*', (_request, _payload, done) => {
        done(null);
      });
      let callback: ReturnType<Awaited<ReturnType<BuiltInIssuer['provider']>>['callback']> | null = null;
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        callback ??= (await issuer.provider()).callback();
        copyHeaders(reply, reply.raw);
        reply.hijack();
        await callback(asIssuerRequest(request.raw, issuerUrl, true), reply.raw);
      };
      protocol.all(OIDC_ISSUER_MOUNT, { schema: { hide: true } }, handler);
      protocol.all(`${OIDC_ISSUER_MOUNT}/*`, { schema: { hide: true } }, handler);
      for (const path of [`${OIDC_ISSUER_MOUNT}/auth`, `${OIDC_ISSUER_MOUNT}/auth/*`]) {
        protocol.all(
          path,
          {
            config: { rateLimit: { max: ISSUER_AUTHORIZATIONS_PER_MINUTE, timeWindow: '1 minute' } },
            schema: { hide: true },
          },
          handler,
        );
      }
    });
  };
}
