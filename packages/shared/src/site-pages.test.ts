import { describe, expect, it } from 'vitest';
import { isSitePage } from './site-pages';

describe('site pages', () => {
  it('knows every page of the app, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/login',
      '/login/',
      '/confirmation',
      '/confirmation/260000123',
      '/reset',
      '/staff',
      '/staff/',
      '/staff/users',
      '/staff/audit',
    ]) {
      expect(isSitePage(path), path).toBe(true);
    }
  });

  it('does not know other paths', () => {
    for (const path of [
      '/no-such-page',
      '/login/extra',
      '/confirmation/1/2',
      '/contact-detailsx',
      '//',
      '/wp-admin',
      '/staffroom',
    ]) {
      expect(isSitePage(path), path).toBe(false);
    }
  });
});
