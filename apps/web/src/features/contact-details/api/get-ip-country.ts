import { useQuery } from '@tanstack/react-query';
import { pageLinks } from '@/config/page-links';

/** Spec section 8. */
export const IP_LOOKUP_FAILED = 'Failed to fetch IP info';
/** Where neither the browser's languages nor a look-up name the visitor's country. */
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

/**
 * The country of the browser's preferred languages, without any call: the region of the first language that names
 * one ('de-AT' is AT, 'en-GB' is GB; a bare 'fr' names none), else GB.
 */
export function browserCountry(languages: readonly string[] = navigator.languages ?? []): string {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a language tag: the next one may be.
    }
  }
  return DEFAULT_COUNTRY;
}

export type IpCountry = {
  /** The visitor's country; null while the look-up is still running. */
  country: string | null;
  failed: boolean;
};

/**
 * Spec sections 2 and 7: the visitor's country. Without VITE_IP_LOOKUP_URL (the default) nothing is called: the
 * browser's languages name it (browserCountry). Where a look-up is configured its answer is used, cached an hour with
 * one retry, and the languages stand in should it fail.
 */
export function useIpCountry(url: string = pageLinks.ipLookupUrl, languages?: readonly string[]): IpCountry {
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
  if (!enabled) return { country: browserCountry(languages), failed: false };
  if (query.isSuccess) return { country: query.data, failed: false };
  if (query.isError) return { country: browserCountry(languages), failed: true };
  return { country: null, failed: false };
}
