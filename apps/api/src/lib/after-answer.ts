import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work a route starts once its answer has gone (see AfterAnswer); closing the app waits for it. */
    afterAnswer: AfterAnswer;
  }
}

/**
 * Work that must not delay, or show in, a route's answer: it starts once the answer has been written (or the
 * connection has gone), so the answer's content and timing cannot depend on it. A failure is logged, never
 * answered. Closing the app waits for work under way, so a shutdown finishes it before the database closes.
 */
export class AfterAnswer {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  schedule(reply: FastifyReply, failureMessage: string, work: () => Promise<void>): void {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      const task: Promise<void> = work()
        .catch((error: unknown) => this.log.error({ err: error }, failureMessage))
        .finally(() => this.#running.delete(task));
      this.#running.add(task);
    };
    // 'finish': the answer has been handed to the network; 'close': the client left before that.
    reply.raw.once('finish', start);
    reply.raw.once('close', start);
  }

  /** Resolves once no scheduled work that has started is still running. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}

export function registerAfterAnswer(app: FastifyInstance): void {
  const afterAnswer = new AfterAnswer(app.log);
  app.decorate('afterAnswer', afterAnswer);
  app.addHook('onClose', () => afterAnswer.idle());
}
