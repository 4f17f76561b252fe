import { describe, expect, it } from 'vitest';
import { prerenderHome } from './prerender';

// The build prerenders `/` in Node (vite.config.ts): no window, document or storage. Whatever the home page
// renders must work there, and the markup must be the complete page, lazy home route included.
describe('prerenderHome', () => {
  it('renders the whole home page in Node without a DOM', async () => {
    expect(typeof window).toBe('undefined');
    const markup = await prerenderHome();
    expect(markup).toContain('<main');
    expect(markup).toContain('Create experience');
    expect(markup).toContain('Add your golfers');
    expect(markup).toContain('Your booking summary');
    expect(markup).toContain(`© <!-- -->${new Date().getFullYear()}`);
    // Only the route's own suspended loading state would show the page fallback.
    expect(markup).not.toContain('<!--$!-->');
  });
});
