// The yardstick for bench/submit.ts: a bare Fastify app on the same machine with one POST route
// that parses the same JSON body and answers 201 { responseId }, with no validation, no database
// and no logging. Usage: node --import tsx bench/lib/bare-server.ts <port>
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async (_request, reply) => reply.status(201).send({ responseId: randomUUID() }));
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('listening');
