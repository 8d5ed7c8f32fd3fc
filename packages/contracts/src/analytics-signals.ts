/** The browser's tracking opt-outs without zod (for the storefront's browser code); analytics.ts re-exports it. */

/**
 * Whether a request or browser asked not to be tracked: the DNT header (or navigator.doNotTrack) '1', or Global
 * Privacy Control (the Sec-GPC header '1', navigator.globalPrivacyControl true).
 */
export function optedOutOfTracking(signals: {
  doNotTrack?: string | null | undefined;
  globalPrivacyControl?: string | boolean | null | undefined;
}): boolean {
  return (
    signals.doNotTrack === '1' ||
    signals.globalPrivacyControl === true ||
    signals.globalPrivacyControl === '1'
  );
}
