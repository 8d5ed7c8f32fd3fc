/** The parts of pa11y 9 and vnu-jar the conformance journey uses (neither ships type definitions). */
declare module 'pa11y' {
  import type { Browser } from 'puppeteer';

  interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    message: string;
    selector: string;
    context: string;
  }
  interface Pa11yOptions {
    browser?: Browser;
    runners?: ('htmlcs' | 'axe')[];
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    includeWarnings?: boolean;
    includeNotices?: boolean;
    timeout?: number;
    wait?: number;
    headers?: Record<string, string>;
    hideElements?: string;
  }
  export default function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
}

declare module 'vnu-jar' {
  /** The path of vnu.jar. */
  const jar: string;
  export default jar;
}
