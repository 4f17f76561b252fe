import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { LoopbackServer } from '../loopback-server.ts';

/**
 * An HTTP proxy in front of a payment provider (the Stripe fake) that can lose answers: the request reaches the
 * provider, which acts on it, but the caller never hears back (the connection is cut), as when a slow answer times
 * out. Only requests matching `lose` are affected.
 */
export class LossyProxy extends LoopbackServer {
  /** How many more matching answers to lose. */
  loseNext = 0;
  lost = 0;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly lose: (method: string, path: string) => boolean,
  ) {
    super();
  }

  protected override handle(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const forward = httpRequest(
        {
          host: this.target.host,
          port: this.target.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            if (this.loseNext > 0 && this.lose(incoming.method ?? '', incoming.url ?? '')) {
              this.loseNext -= 1;
              this.lost += 1;
              incoming.socket.destroy();
              return;
            }
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            outgoing.end(Buffer.concat(body));
          });
        },
      );
      forward.on('error', () => incoming.socket.destroy());
      forward.end(Buffer.concat(chunks));
    });
  }
}
