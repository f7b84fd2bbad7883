// The ceilings: bare Fastify routes, one answering a fixed 50-item JSON body of feed-like puns,
// one accepting a small JSON write.
import Fastify from 'fastify';

const puns = Array.from({ length: 50 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  text: `A perfectly ordinary pun number ${i} about bread and circuses`,
  userId: '11111111-1111-4111-8111-111111111111',
  authorName: `Punster${i}`,
  category: 'Food',
  output: 'Restaurant Name',
  day: '2026-11-23',
  createdAt: new Date(1_795_400_000_000 - i * 60_000).toISOString(),
  reactions: { crown: i % 3, fire: i % 5, thinker: i % 2, laughing: i % 7 },
  myReaction: i % 4 === 0 ? 'fire' : null,
}));
const body = { puns, nextCursor: null };

const app = Fastify({ logger: false });
app.get('/feed', async () => body);
// The write ceiling: parse a small JSON body and answer 201, with no database behind it.
app.post('/write', async (request, reply) =>
  reply.code(201).send({ ok: true, length: String(request.body?.text ?? '').length }),
);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`ready ${app.server.address().port}`);
