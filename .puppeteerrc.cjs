/**
 * pa11y (the conformance journey's second accessibility engine) brings puppeteer: it drives Debian's Chromium,
 * as Playwright does, and never downloads a browser (there is no network on CI).
 */
module.exports = { skipDownload: true };
