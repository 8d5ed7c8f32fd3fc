import type { Page } from '@playwright/test';

/**
 * Records every CSP violation of the page and its frames (the DOM event, and the console's report) and every error
 * the browser reports in the Permissions-Policy header (an unrecognised feature); the returned list fills as the
 * page runs, so a journey ends with `expect(violations).toEqual([])`.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(
        `${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (text.includes('Content Security Policy') || text.includes('Permissions-Policy'))
      violations.push(text);
  });
  return violations;
}
