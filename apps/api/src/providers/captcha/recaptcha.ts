/**
 * Google reCAPTCHA (v2 checkbox or v3 score) behind the same interface, used when RECAPTCHA_SECRET_KEY is set.
 * Google keeps the state: a token passes siteverify once, so nothing is stored here.
 */
import { z } from 'zod';
import type { CaptchaAction, CaptchaProvider, CaptchaResult } from './captcha-provider';

/** How long siteverify may take before the answer counts as a failure. */
const VERIFY_TIMEOUT_MS = 5_000;

const SiteverifySchema = z.object({
  success: z.boolean(),
  /** v3 only. */
  score: z.number().optional(),
  /** v3 only: the action the token was made for. */
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * The reCAPTCHA action name of a CaptchaAction: v3 action names may hold letters, '/' and '_' only, so the
 * storefront executes 'forgot_password' for 'forgot-password'.
 */
export function recaptchaActionName(action: CaptchaAction): string {
  return action.replace(/-/g, '_');
}

export interface RecaptchaOptions {
  secretKey: string;
  verifyUrl: string;
  /** v3 scores below this are refused (0 robot .. 1 human). */
  minScore: number;
  /** Failures of siteverify itself (network, timeout, a non-JSON answer) are reported here. */
  onError?: (error: unknown) => void;
}

export class RecaptchaProvider implements CaptchaProvider {
  readonly name = 'recaptcha';

  constructor(private readonly options: RecaptchaOptions) {}

  async verify(input: string, action: CaptchaAction): Promise<CaptchaResult> {
    let answer: z.infer<typeof SiteverifySchema>;
    try {
      const response = await fetch(this.options.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.options.secretKey, response: input }).toString(),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
      answer = SiteverifySchema.parse(await response.json());
    } catch (error) {
      // Fail closed: while Google cannot be asked, nobody passes. Failing open would let a robot through every
      // form whenever the check is unreachable (or made unreachable); the forms say 'complete the challenge'
      // and a person can try again a moment later.
      this.options.onError?.(error);
      return { ok: false, reason: 'invalid' };
    }
    if (!answer.success) {
      // 'timeout-or-duplicate': the token is older than two minutes or was verified already.
      const stale = answer['error-codes']?.includes('timeout-or-duplicate') ?? false;
      return { ok: false, reason: stale ? 'expired' : 'invalid' };
    }
    if (answer.score !== undefined && answer.score < this.options.minScore)
      return { ok: false, reason: 'invalid' };
    if (answer.action !== undefined && answer.action !== recaptchaActionName(action)) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true };
  }
}
