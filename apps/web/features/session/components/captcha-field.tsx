'use client';

import { useEffect, useEffectEvent, useRef } from 'react';
import { documentNonce } from '@/lib/csp-browser';
import { CAPTCHA_CHALLENGE_PATH, type CaptchaConfig } from '../captcha-config';

/**
 * The dialogs' challenge, one interface for two widgets:
 * - ALTCHA (default): the self-hosted proof of work. Its challenge comes from this origin's /api/captcha (the API's
 *   GET /v1/captcha/challenge behind it); ticking 'I'm not a robot' (a real checkbox, so Space works and it has a
 *   name) solves it in a blob: worker (CSP worker-src blob:), and the payload is the form's recaptchaInput.
 * - reCAPTCHA v2 when RECAPTCHA_SITE_KEY is set: Google's checkbox in its frame (the page policy then allows its
 *   origin, lib/security-headers.ts); its response token is the recaptchaInput.
 * `onChange` gets the payload once solved and null when it is gone (expired, reset). Changing `resetKey` asks for a
 * fresh challenge (after the API refused one: 9902).
 */
export interface CaptchaFieldProps {
  config: CaptchaConfig;
  onChange: (payload: string | null) => void;
  resetKey: number;
}

export function CaptchaField({ config, onChange, resetKey }: CaptchaFieldProps) {
  return config.kind === 'recaptcha' ? (
    <RecaptchaWidget siteKey={config.siteKey} onChange={onChange} resetKey={resetKey} />
  ) : (
    <AltchaWidget onChange={onChange} resetKey={resetKey} />
  );
}

type AltchaElement = HTMLElement & { reset: () => void; verify: () => Promise<unknown> };

let altchaLoad: Promise<unknown> | null = null;
/** The id ALTCHA's injected <style> would have (it injects none when an element has it). */
const ALTCHA_STYLE_ID = 'altcha-css';

/**
 * Loads the widget once. Its module would inject its stylesheet as an inline <style> on load, which the policy
 * blocks (it finds no usable nonce while a chunk script is current): its own stylesheet file is loaded instead
 * (altcha/altcha.css, a chunk of this origin), and an element with the id it checks tells it the styles are there.
 */
function loadAltcha(): Promise<unknown> {
  if (altchaLoad) return altchaLoad;
  if (!document.getElementById(ALTCHA_STYLE_ID)) {
    const marker = document.createElement('meta');
    marker.id = ALTCHA_STYLE_ID;
    document.head.append(marker);
  }
  // The stylesheets come with the widget, when a dialog first shows it: imported at the top of this module, they
  // were a render-blocking <link> on every page with the header (every page but checkout keeps its styles inline).
  altchaLoad = Promise.all([import('altcha'), import('altcha/altcha.css'), import('./captcha-field.css')]);
  return altchaLoad;
}

function AltchaWidget({ onChange, resetKey }: Omit<CaptchaFieldProps, 'config'>) {
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<AltchaElement | null>(null);
  const report = useEffectEvent(onChange);
  useEffect(() => {
    let cancelled = false;
    let element: AltchaElement | null = null;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail;
      report(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    void loadAltcha().then(() => {
      if (cancelled || !host.current) return;
      element = document.createElement('altcha-widget');
      element.setAttribute('challenge', CAPTCHA_CHALLENGE_PATH);
      element.setAttribute('auto', 'off');
      element.setAttribute('name', 'recaptchaInput');
      element.addEventListener('statechange', onState);
      host.current.append(element);
      widget.current = element;
    });
    return () => {
      cancelled = true;
      element?.removeEventListener('statechange', onState);
      element?.remove();
      widget.current = null;
    };
  }, []);
  useEffect(() => {
    if (resetKey === 0) return;
    // The server spent the solved challenge (a wrong password, a refused request): a fresh one is solved at once,
    // as the guest already proved it once here, instead of making them tick the box again.
    const current = widget.current;
    current?.reset();
    report(null);
    void current?.verify().catch(() => undefined);
  }, [resetKey]);
  return <div ref={host} role="group" aria-label="Challenge" className="min-h-16" data-testid="captcha" />;
}

interface Grecaptcha {
  ready: (callback: () => void) => void;
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
  ) => number;
  reset: (id?: number) => void;
}

let recaptchaLoad: Promise<Grecaptcha> | null = null;

/** Google's script, once (explicit rendering). Trusted by the policy's 'strict-dynamic' through our own chunk. */
function loadRecaptcha(): Promise<Grecaptcha> {
  recaptchaLoad ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    script.async = true;
    const nonce = documentNonce();
    if (nonce) script.nonce = nonce;
    script.onerror = () => reject(new Error('reCAPTCHA could not load'));
    script.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA could not load'));
    };
    document.head.append(script);
  });
  return recaptchaLoad;
}

function RecaptchaWidget({
  siteKey,
  onChange,
  resetKey,
}: Omit<CaptchaFieldProps, 'config'> & { siteKey: string }) {
  const host = useRef<HTMLDivElement>(null);
  const id = useRef<number | null>(null);
  const api = useRef<Grecaptcha | null>(null);
  const report = useEffectEvent(onChange);
  useEffect(() => {
    let cancelled = false;
    loadRecaptcha().then(
      (g) => {
        if (cancelled || !host.current || id.current !== null) return;
        api.current = g;
        id.current = g.render(host.current, {
          sitekey: siteKey,
          callback: (token) => report(token),
          'expired-callback': () => report(null),
        });
      },
      () => report(null),
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey]);
  useEffect(() => {
    if (resetKey === 0 || id.current === null) return;
    api.current?.reset(id.current);
    report(null);
  }, [resetKey]);
  return <div ref={host} role="group" aria-label="Challenge" className="min-h-20" />;
}
