/**
 * How long a verification code lives in the journeys' API (playwright.config.ts passes it as
 * VERIFICATION_CODE_TTL_SECONDS; 10 minutes otherwise): the sms-verification journey waits it out to show
 * 'Code has expired'. Longer than the 30 s resend pause, so the expired code can be replaced at once.
 */
export const E2E_VERIFICATION_CODE_TTL_SECONDS = 45;
