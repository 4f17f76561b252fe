import { useQuery } from '@tanstack/react-query';
import { env } from '../../../config/env';

/** Spec section 8. */
export const IP_LOOKUP_FAILED = 'Failed to fetch IP info';
/** Where the visitor's country cannot be looked up (no service configured, or it failed). */
export const DEFAULT_COUNTRY = 'GB';
const ONE_HOUR_MS = 60 * 60 * 1000;

/** GET the configured look-up and read its `country` (ISO 3166-1 alpha-2). */
export async function fetchIpCountry(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(IP_LOOKUP_FAILED);
  const body = (await response.json().catch(() => null)) as { country?: unknown } | null;
  const country = typeof body?.country === 'string' ? body.country.trim().toUpperCase() : '';
  if (!/^[A-Z]{2}$/.test(country)) throw new Error(IP_LOOKUP_FAILED);
  return country;
}

export type IpCountry = {
  /** The visitor's country, GB when unknown; null while the look-up is still running. */
  country: string | null;
  failed: boolean;
};

/**
 * Spec sections 2 and 7: the visitor's country from an IP look-up, cached an hour with one retry. With no
 * VITE_IP_LOOKUP_URL nothing is called and GB is the answer, so the form works offline and on any network.
 */
export function useIpCountry(url: string = env.ipLookupUrl): IpCountry {
  const enabled = url !== '';
  const query = useQuery({
    queryKey: ['ip-country', url],
    queryFn: ({ signal }) => fetchIpCountry(url, signal),
    enabled,
    staleTime: ONE_HOUR_MS,
    gcTime: ONE_HOUR_MS,
    retry: 1,
    refetchOnWindowFocus: false,
  });
  if (!enabled) return { country: DEFAULT_COUNTRY, failed: false };
  if (query.isSuccess) return { country: query.data, failed: false };
  if (query.isError) return { country: DEFAULT_COUNTRY, failed: true };
  return { country: null, failed: false };
}
