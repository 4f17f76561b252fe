// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crossOrigin, type Received, recorded, requestLog, useApiServer } from '@/test/api-server';
import {
  browserCountry,
  DEFAULT_COUNTRY,
  fetchIpCountry,
  IP_LOOKUP_FAILED,
  useIpCountry,
} from './get-ip-country';

const URL = 'https://ip.example/json/';

function wrapper({ children }: { children: ReactNode }) {
  // The hook's own retry (1) applies: the client's default does not override a query's option.
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('IP country look-up', () => {
  const server = useApiServer();
  afterEach(() => vi.restoreAllMocks());

  it("takes the browser languages' region without any call when no service is configured", () => {
    const requests = requestLog();
    const { result } = renderHook(() => useIpCountry('', ['de-AT', 'de', 'en-GB']), { wrapper });
    expect(result.current).toEqual({ country: 'AT', failed: false });
    const bare = renderHook(() => useIpCountry('', ['fr', 'not a tag']), { wrapper });
    expect(bare.result.current).toEqual({ country: DEFAULT_COUNTRY, failed: false });
    expect(requests).toEqual([]);
  });

  it('reads the region of the first language that names one', () => {
    expect(browserCountry(['en-US'])).toBe('US');
    expect(browserCountry(['fr', 'fr-CA'])).toBe('CA');
    expect(browserCountry(['es-419', 'es-MX'])).toBe('MX');
    expect(browserCountry(['zh-Hant-TW'])).toBe('TW');
    expect(browserCountry([])).toBe('GB');
  });

  it('reads the country field of the configured service', async () => {
    const calls: Received[] = [];
    server.use(
      ...crossOrigin(
        URL,
        recorded(calls, () => HttpResponse.json({ ip: '192.0.2.1', country: 'ie' })),
      ),
    );
    // happy-dom does not put the credentials mode on the wire: the spy passes each call on and keeps its options.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { result } = renderHook(() => useIpCountry(URL), { wrapper });
    expect(result.current.country).toBeNull();
    await waitFor(() => expect(result.current).toEqual({ country: 'IE', failed: false }));
    expect(calls.map((call) => call.headers.get('Accept'))).toEqual(['application/json']);
    expect(fetchSpy).toHaveBeenCalledWith(URL, expect.objectContaining({ credentials: 'omit' }));
  });

  it("retries once, then falls back to the browser languages' country and says it failed", async () => {
    const calls: Received[] = [];
    server.use(
      ...crossOrigin(
        URL,
        recorded(calls, () => new HttpResponse('busy', { status: 503 })),
      ),
    );
    const { result } = renderHook(() => useIpCountry(URL, ['nl-NL']), { wrapper });
    await waitFor(() => expect(result.current).toEqual({ country: 'NL', failed: true }));
    expect(calls).toHaveLength(2);
  });

  it('refuses an answer without a two-letter country', async () => {
    server.use(...crossOrigin(URL, () => HttpResponse.json({ country_name: 'Ireland' })));
    await expect(fetchIpCountry(URL)).rejects.toThrow(IP_LOOKUP_FAILED);
  });
});
