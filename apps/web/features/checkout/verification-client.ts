import { z } from 'zod';
import { OtpResponseSchema, type OtpResponse } from '@storefront/contracts/verification';

/** A verification call's outcome in the browser: the value, or the first error's code (500 when none). */
export type VerificationResult<T> = { ok: true; value: T } | { ok: false; code: number };

const EnvelopeSchema = z.object({
  succeed: z.boolean().optional(),
  value: z.unknown(),
  errors: z.array(z.object({ code: z.union([z.number(), z.string()]) })).optional(),
});

async function post<T>(
  url: string,
  body: unknown,
  parse: (value: unknown) => T,
): Promise<VerificationResult<T>> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    const envelope = EnvelopeSchema.safeParse(await res.json().catch(() => null));
    if (!res.ok || !envelope.success || envelope.data.succeed === false) {
      const code = envelope.success ? Number(envelope.data.errors?.[0]?.code ?? res.status) : res.status;
      return { ok: false, code: Number.isFinite(code) ? code : 500 };
    }
    return { ok: true, value: parse(envelope.data.value) };
  } catch {
    return { ok: false, code: 500 };
  }
}

/** POST /api/verification-code-generations?orderId: texts a code to `phone` (the order's phone from then on). */
export function requestVerificationCode(
  orderId: number,
  phone: string,
): Promise<VerificationResult<OtpResponse>> {
  const body = phone.trim() ? { phone: phone.trim().slice(0, 32) } : {};
  return post(`/api/verification-code-generations?orderId=${orderId}`, body, (v) =>
    OtpResponseSchema.parse(v),
  );
}

/** POST /api/verified-access-token?orderId with the digits: the verified token is kept in the session cookie. */
export function submitVerificationCode(orderId: number, digits: string[]): Promise<VerificationResult<true>> {
  return post(`/api/verified-access-token?orderId=${orderId}`, { digits }, () => true as const);
}
