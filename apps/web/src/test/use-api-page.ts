import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { type apiServer, useApiServer } from './api-server';

/**
 * The API server for a component that sends requests: each test starts with the CSRF cookie the API client copies
 * into its header (and, with `modalRoot`, the element dialogs open in) and ends with the DOM cleaned up.
 */
export function useApiPage(csrfToken: string, { modalRoot = false } = {}): typeof apiServer {
  const server = useApiServer();
  beforeEach(() => {
    if (modalRoot) document.body.innerHTML = '<div id="modal-root"></div>';
    // biome-ignore lint/suspicious/noDocumentCookie: the API client reads the CSRF cookie.
    document.cookie = `XSRF-TOKEN=${csrfToken}; path=/`;
  });
  afterEach(() => cleanup());
  return server;
}
