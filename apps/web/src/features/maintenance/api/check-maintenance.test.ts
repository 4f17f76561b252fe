// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkMaintenance } from './check-maintenance';

function stubStatus(status: number) {
  const fetchMock = vi.fn(async () => new Response(status === 204 ? null : '{}', { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('checkMaintenance', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads 503 as still in maintenance, without fetching a CSRF token', async () => {
    const fetchMock = stubStatus(503);
    await expect(checkMaintenance()).resolves.toBe('maintenance');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toContain('/v1/maintenance');
  });

  it.each([200, 204, 404])('reads %i as available again', async (status) => {
    stubStatus(status);
    await expect(checkMaintenance()).resolves.toBe('available');
  });

  it.each([500, 502, 504])('treats %i as a failed check', async (status) => {
    stubStatus(status);
    await expect(checkMaintenance()).rejects.toThrow();
  });

  it('rejects when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(checkMaintenance()).rejects.toThrow();
  });
});
