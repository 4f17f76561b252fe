import { createHash } from 'node:crypto';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config/env.ts';

// Origins Stripe.js needs (https://docs.stripe.com/security/guide#content-security-policy).
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** The CSP sources ('sha256-…') of the inline <style> and <script> blocks the served page carries (inlineSources). */
export type InlineSources = { styles: readonly string[]; scripts: readonly string[] };

export const NO_INLINE: InlineSources = { styles: [], scripts: [] };

/**
 * CSP that allows only what the site loads: itself, Stripe when configured, the restaurant widget, IP lookup, and
 * the inline stylesheets and start-up script of the prerendered page by their hashes (inlineSources).
 */
export function contentSecurityPolicy(
  config: AppConfig,
  inline: InlineSources = NO_INLINE,
): Record<string, string[]> {
  const stripe = config.stripe !== undefined;
  const frameSrc = [
    ...(config.restaurantWidgetOrigin ? [config.restaurantWidgetOrigin] : []),
    ...(stripe ? STRIPE.frame : []),
  ];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline.scripts, ...(stripe ? STRIPE.script : [])],
    'style-src': ["'self'", ...inline.styles],
    'font-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...(stripe ? STRIPE.img : [])],
    'connect-src': [
      "'self'",
      ...(stripe ? STRIPE.connect : []),
      ...(config.ipLookupOrigin ? [config.ipLookupOrigin] : []),
      // The restaurant widget's page asks its server whether it answers before showing the frame.
      ...(config.restaurantWidgetOrigin ? [config.restaurantWidgetOrigin] : []),
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

export function siteHelmetOptions(config: AppConfig, inline: InlineSources = NO_INLINE): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, inline) },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Stripe's 3-D Secure frames and the restaurant widget are cross-origin and do not send CORP headers.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * JSON answers are never rendered as documents, so they get the short, strictest policy (OWASP REST guidance):
 * nothing may load or frame them, no MIME sniffing, same-origin only. Every byte here is paid on every call.
 */
export function apiHelmetOptions(config: AppConfig): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
    },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * Runs helmet once against a recording response and returns the headers it sets. They depend only on
 * configuration, so computing them per request (as @fastify/helmet does, rebuilding helmet's middleware each time)
 * would cost the hot path throughput for nothing.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export type SecurityHeaders = { site: Record<string, string>; api: Record<string, string> };

/** inline: the CSP sources of the served page's inline blocks (inlineSources), allowed on the site. */
export function securityHeaders(config: AppConfig, inline: InlineSources = NO_INLINE): SecurityHeaders {
  return {
    site: computeSecurityHeaders(siteHelmetOptions(config, inline)),
    api: {
      ...computeSecurityHeaders(apiHelmetOptions(config)),
      // API answers are live and often private (sessions, bookings, a payment's client secret): no cache keeps them
      // unless the route sets a policy of its own (reference data), which replaces this one.
      'cache-control': 'no-store',
    },
  };
}

const STYLE_BLOCK = /<style>([\s\S]*?)<\/style>/g;
/** A <script> element with its code inline: no src attribute. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP source of each inline <style> and <script> block in a page ('sha256-…' of its exact text): the prerendered
 * home page carries its stylesheets and its start-up script inline (decision 007), and the policy allows those
 * blocks and nothing else inline.
 */
export function inlineSources(html: string): InlineSources {
  return {
    styles: [...html.matchAll(STYLE_BLOCK)].map(([, css = '']) => hashSource(css)),
    scripts: [...html.matchAll(INLINE_SCRIPT)].map(([, code = '']) => hashSource(code)),
  };
}
