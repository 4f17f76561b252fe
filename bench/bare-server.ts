/**
 * The baseline: a bare Fastify hello-world with Fastify's defaults (no logger, no plugins), the figure every API row
 * is compared with. Listens on PORT (127.0.0.1) and prints "ready" when it accepts connections.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.info('ready');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
