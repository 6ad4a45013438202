import { createServer, type ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import type { VoiceRecord } from '../src/domain/voice/voice.types';
import { voiceDetail } from '../src/rest/voice.wire';
import { KeySpace } from '../src/store/keys';

/**
 * The floor of this stack for the voice detail: plain node:http doing exactly the reads the
 * real route cannot avoid (name index HGET, record GET) and the same shaping and JSON. No
 * framework, no API key check, no rate limit: whatever the real server spends above this is
 * the price of its layers.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const keys = new KeySpace(process.env.REDIS_PREFIX ?? 'persona');
const redis = new Redis(redisUrl);
const route = /^\/api\/voices\/([^/?]+)\/([^/?]+)(?:\?.*)?$/;

const server = createServer((request, response) => {
  const match = request.method === 'GET' ? route.exec(request.url ?? '') : null;
  if (!match?.[1] || !match[2]) return send(response, 404, '{"detail":"Not Found"}');
  const partner = decodeURIComponent(match[1]);
  const name = decodeURIComponent(match[2]);
  redis
    .hget(keys.partnerKey('voice-names', partner), name)
    .then((id) => (id ? redis.get(keys.recordKey('voice', id)) : null))
    .then(
      (raw) => {
        if (!raw) return send(response, 404, '{"detail":"Voice not found"}');
        send(response, 200, JSON.stringify(voiceDetail(JSON.parse(raw) as VoiceRecord)));
      },
      () => send(response, 500, '{"detail":"Internal Server Error"}'),
    );
});

function send(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`bare floor listening on http://127.0.0.1:${port}`);
});

const stop = () => {
  server.close();
  server.closeAllConnections();
  redis.disconnect();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
