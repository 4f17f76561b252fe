import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackServer } from '../../../test/loopback-server.ts';

// A local stand-in for the few Stripe API endpoints the adapter uses, so the adapter is tested offline through the
// real stripe-node client (which accepts host, port and protocol): POST /v1/payment_intents, GET
// /v1/payment_intents/:id, POST /v1/payment_intents/:id/cancel and POST /v1/refunds, with Idempotency-Key replay
// like Stripe's (same key and parameters: the first answer again; same key, other parameters: an error).

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: null | { type: string; code: string; message: string; decline_code?: string };
  next_action: null;
  livemode: false;
  created: number;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
};

export type RecordedRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
};

type Stored = { status: number; body: unknown; fingerprint: string };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b]=1&c=2` -> { a: { b: '1' }, c: '2' } (the shapes stripe-node sends; arrays are not needed here). */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target = result;
    for (const part of path.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    const last = path.at(-1);
    if (last !== undefined) target[last] = value;
  }
  return result;
}

export class StripeFake extends LoopbackServer {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly requests: RecordedRequest[] = [];
  readonly secretKey = `sk_test_fake_${randomBytes(8).toString('hex')}`;
  readonly #idempotent = new Map<string, Stored>();

  protected override handle(request: IncomingMessage, response: ServerResponse): void {
    this.#handle(request, response).catch((error: unknown) => {
      this.#send(response, 500, { error: { type: 'api_error', message: String(error) } });
    });
  }

  /** Simulates the customer paying (what Stripe.js and the bank would do). */
  setStatus(
    intentId: string,
    status: string,
    lastPaymentError: FakeIntent['last_payment_error'] = null,
  ): FakeIntent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no fake intent ${intentId}`);
    intent.status = status;
    intent.last_payment_error = lastPaymentError;
    return intent;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = decodeStripeForm(raw);
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const idempotencyKey = header(request, 'idempotency-key');
    this.requests.push({ method, path: url.pathname, idempotencyKey, body });

    if (header(request, 'authorization') !== `Bearer ${this.secretKey}`) {
      return this.#send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }

    if (method === 'POST' && idempotencyKey) {
      const fingerprint = `${method} ${url.pathname} ${raw}`;
      const stored = this.#idempotent.get(idempotencyKey);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          return this.#send(response, 400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        }
        response.setHeader('idempotent-replayed', 'true');
        return this.#send(response, stored.status, stored.body);
      }
      const [status, answer] = this.#route(method, url.pathname, body);
      this.#idempotent.set(idempotencyKey, { status, body: answer, fingerprint });
      return this.#send(response, status, answer);
    }
    const [status, answer] = this.#route(method, url.pathname, body);
    return this.#send(response, status, answer);
  }

  #route(method: string, path: string, body: Record<string, unknown>): [number, unknown] {
    if (method === 'POST' && path === '/v1/payment_intents') return this.#createIntent(body);
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (intentPath?.[1]) {
      const intent = this.intents.get(decodeURIComponent(intentPath[1]));
      if (!intent) return missing('payment_intent', intentPath[1]);
      if (method === 'GET' && !intentPath[2]) return [200, intent];
      if (method === 'POST' && intentPath[2]) {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              },
            },
          ];
        }
        intent.status = 'canceled';
        return [200, intent];
      }
    }
    if (method === 'POST' && path === '/v1/refunds') return this.#createRefund(body);
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    ];
  }

  #createIntent(body: Record<string, unknown>): [number, unknown] {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 30) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_small',
            message: 'Amount must be at least £0.30 gbp',
          },
        },
      ];
    }
    const intentId = id('pi');
    const automatic = body.automatic_payment_methods as { enabled?: string } | undefined;
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      currency: String(body.currency),
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      automatic_payment_methods: automatic ? { enabled: automatic.enabled === 'true' } : null,
      last_payment_error: null,
      next_action: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    this.intents.set(intentId, intent);
    return [200, intent];
  }

  #createRefund(body: Record<string, unknown>): [number, unknown] {
    const intent = this.intents.get(String(body.payment_intent));
    if (!intent) return missing('payment_intent', String(body.payment_intent));
    const refunded = [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === intent.id)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = body.amount === undefined ? intent.amount - refunded : Number(body.amount);
    if (intent.status !== 'succeeded' || amount <= 0 || refunded + amount > intent.amount) {
      return [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'Charge has already been refunded.',
          },
        },
      ];
    }
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    return [200, refund];
  }

  #send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function missing(kind: string, objectId: string): [number, unknown] {
  return [
    404,
    {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such ${kind}: '${objectId}'`,
      },
    },
  ];
}
