import { connect, type Socket } from 'node:net';

/**
 * A lean HTTP/1.1 load client for the booking rows: every request is rendered to bytes before the clock starts, then
 * `connections` keep-alive sockets each send the next one as soon as the previous answer is complete (one call in
 * flight per socket, as autocannon runs them).
 *
 * Why not autocannon here: the load generator shares the machine's cores with the server it measures, and autocannon
 * rebuilds every request whose body or headers differ (each booking call has its own body and client address), which
 * cost it about a fifth as much CPU per call as the API server itself. The raw SQL side of the same rows has no
 * client at all, so the less the client takes, the more the comparison measures the server.
 *
 * Answers must carry Content-Length (Fastify's JSON answers do); a chunked answer or a closed socket fails the run.
 */
export type HttpCall = { method: string; path: string; headers: Record<string, string>; body?: string };

export type HttpCallsResult = {
  /** Per HTTP status: milliseconds from sending each call to its complete answer, in completion order. */
  latenciesMs: Map<number, number[]>;
  /** From the first call sent to the last answer complete. */
  seconds: number;
};

function render(call: HttpCall, host: string): Buffer {
  const body = call.body === undefined ? undefined : Buffer.from(call.body);
  const lines = [`${call.method} ${call.path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(call.headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return body ? Buffer.concat([head, body]) : head;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Reads answers off one socket: calls `onAnswer(status)` for each complete one. */
function answerReader(onAnswer: (status: number) => void, onError: (error: Error) => void) {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      const headEnd = pending.indexOf(HEADER_END);
      if (headEnd < 0) return;
      const head = pending.subarray(0, headEnd).toString('latin1');
      const status = Number(head.slice(9, 12));
      const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (!lengthMatch) {
        onError(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
        return;
      }
      const end = headEnd + HEADER_END.length + Number(lengthMatch[1]);
      if (pending.length < end) return;
      pending = pending.subarray(end);
      onAnswer(status);
    }
  };
}

/** Sends every call once, over `connections` sockets to `url`'s host and port. */
export function runHttpCalls(url: string, calls: HttpCall[], connections: number): Promise<HttpCallsResult> {
  const target = new URL(url);
  const rendered = calls.map((call) => render(call, target.host));
  const latenciesMs = new Map<number, number[]>();
  let next = 0;
  let open = 0;
  let failed = false;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;

  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const socket of sockets) socket.destroy();
      reject(error);
    };
    const sockets: Socket[] = [];
    const finishOne = (socket: Socket) => {
      socket.end();
      open -= 1;
      if (open === 0 && !failed) {
        resolve({ latenciesMs, seconds: (lastAnswerAt - startedAt) / 1000 });
      }
    };
    const startSocket = () => {
      const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      sockets.push(socket);
      open += 1;
      let sentAt = 0;
      const sendNext = () => {
        if (next >= rendered.length) return finishOne(socket);
        const request = rendered[next] as Buffer;
        next += 1;
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on(
        'data',
        answerReader((status) => {
          lastAnswerAt = performance.now();
          let latencies = latenciesMs.get(status);
          if (!latencies) {
            latencies = [];
            latenciesMs.set(status, latencies);
          }
          latencies.push(lastAnswerAt - sentAt);
          sendNext();
        }, fail),
      );
      socket.once('connect', sendNext);
      socket.once('error', fail);
      // Only finishOne ends a socket: one that closes before that was closed by the server mid-run.
      socket.once('close', () => {
        if (!socket.writableEnded) fail(new Error('the server closed a connection before the run ended'));
      });
    };
    const count = Math.max(1, Math.min(connections, rendered.length));
    for (let index = 0; index < count; index += 1) startSocket();
  });
}
