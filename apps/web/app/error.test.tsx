import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isBotAgent } from '@/lib/bot-agent';
import RouteError from './error';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PERSON =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the error boundary', () => {
  it('shows a person the error page with the status code', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PERSON);
    render(<RouteError error={Object.assign(new Error('boom'), { digest: 'abc123' })} />);
    expect(screen.getByText('An unexpected error occurred (abc123)')).toBeTruthy();
  });

  it('shows a crawler that runs scripts nothing (ordering spec section 4)', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(GOOGLEBOT);
    const { container } = render(<RouteError error={new Error('boom')} />);
    expect(container.textContent).toBe('');
  });
});

describe('isBotAgent', () => {
  it("knows Next's crawlers and link previews, not people's browsers", () => {
    expect(isBotAgent(GOOGLEBOT)).toBe(true);
    expect(isBotAgent('facebookexternalhit/1.1')).toBe(true);
    expect(isBotAgent('Slackbot-LinkExpanding 1.0')).toBe(true);
    expect(isBotAgent(PERSON)).toBe(false);
    expect(isBotAgent(null)).toBe(false);
  });
});
