import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';

// Origins Stripe.js needs (https://docs.stripe.com/security/guide#content-security-policy).
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** CSP that allows only what the site loads: itself, Stripe when configured, the restaurant widget, IP lookup. */
export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const stripe = config.stripe !== undefined;
  const frameSrc = [
    ...(config.restaurantWidgetOrigin ? [config.restaurantWidgetOrigin] : []),
    ...(stripe ? STRIPE.frame : []),
  ];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE.script : [])],
    'style-src': ["'self'"],
    'font-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...(stripe ? STRIPE.img : [])],
    'connect-src': [
      "'self'",
      ...(stripe ? STRIPE.connect : []),
      ...(config.ipLookupOrigin ? [config.ipLookupOrigin] : []),
    ],
    'frame-src': frameSrc.length > 0 ? frameSrc : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  // Only meaningful behind https; on http://localhost it would break same-origin requests.
  if (config.secureCookies) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Stripe's 3-D Secure frames and the restaurant widget are cross-origin and do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
