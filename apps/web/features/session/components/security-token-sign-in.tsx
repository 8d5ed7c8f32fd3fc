'use client';

import { useEffect, useRef } from 'react';
import { replacePage } from '@/lib/hard-navigation';
import { signInWithSecurityToken } from '../session.actions';
import { addressAfterSecurityToken } from '../security-token';

/**
 * The search page's `security_token` (a single-sign-on token from the brand's app): exchanged once for a
 * customer session; on success the page loads itself again without the token (signed in), on failure it loads
 * with loginResult=failure, which shows 'Login attempt failed'. Renders nothing.
 */
export function SecurityTokenSignIn({ securityToken }: { securityToken: string }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signInWithSecurityToken(securityToken).then(
      (result) => replacePage(addressAfterSecurityToken(window.location.href, result.ok)),
      () => replacePage(addressAfterSecurityToken(window.location.href, false)),
    );
  }, [securityToken]);
  return (
    <p role="status" className="sr-only">
      Signing you in…
    </p>
  );
}
