import { readString, readUrl, resortSiteUrl } from './env';

// Configuration only later pages use (the confirmation page, step 2): out of env.ts, which `/` loads, so the entry
// carries none of it.

export const pageLinks = {
  proShopUrl: readUrl('VITE_PRO_SHOP_URL', new URL('shop/', resortSiteUrl).toString()),
  restaurantsUrl: readUrl('VITE_RESTAURANTS_URL', new URL('food-and-drink/', resortSiteUrl).toString()),
  restaurantWidgetUrl: readUrl('VITE_RESTAURANT_WIDGET_URL', 'https://widget.resdiary.com/'),
  /**
   * IP country look-up for step 2's default country (GET, JSON with `country`). Empty by default: the region of the
   * browser's languages is used without any call (else GB). The API's IP_LOOKUP_ORIGIN must allow its origin.
   */
  ipLookupUrl: readString('VITE_IP_LOOKUP_URL', ''),
} as const;
