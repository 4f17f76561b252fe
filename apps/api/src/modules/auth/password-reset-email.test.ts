import { describe, expect, it } from 'vitest';
import { TEST_BRAND } from '../mail/test/test-brand.ts';
import { passwordResetLink, renderPasswordResetEmail } from './password-reset-email.tsx';

describe('password reset e-mail', () => {
  it('builds the link the reset page reads (t and u), encoding the username', () => {
    expect(passwordResetLink('https://book.links.example', 'abc_DEF-123', 'ops@fairway')).toBe(
      'https://book.links.example/reset?t=abc_DEF-123&u=ops%40fairway',
    );
  });

  it('escapes the company name and carries the link in both parts', async () => {
    const link = 'https://book.links.example/reset?t=abc&u=fairway';
    const email = await renderPasswordResetEmail({
      brand: TEST_BRAND,
      companyName: '<b>Fair & Square</b>',
      link,
      validMinutes: 60,
    });
    expect(email.html).not.toContain('<b>Fair');
    expect(email.html).toContain('&lt;b&gt;Fair &amp; Square&lt;/b&gt;');
    expect(email.html).toContain('https://book.links.example/reset?t=abc&amp;u=fairway');
    expect(email.text).toContain(link);
    expect(email.text).toContain('60 minutes');
  });
});
