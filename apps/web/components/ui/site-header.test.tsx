import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

afterEach(cleanup);

describe('SiteHeader', () => {
  it("names the logo link after its visible text: the brand, then 'home' (WCAG 2.5.3 Label in Name)", () => {
    render(<SiteHeader brandName="Capital Kitchen" logoHref="/" />);
    const link = screen.getByRole('link', { name: 'Capital Kitchen home' });
    // The mark beside the name is a picture without letters: the visible text is the brand name alone.
    expect(link.textContent).toBe('Capital Kitchen');
    expect(link.getAttribute('aria-label')?.startsWith(link.textContent ?? '')).toBe(true);
  });

  it('shows the brand without a link where the logo is disabled (checkout, payment)', () => {
    render(<SiteHeader brandName="Capital Kitchen" logoHref={null} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('banner').textContent).toBe('Capital Kitchen');
  });
});
