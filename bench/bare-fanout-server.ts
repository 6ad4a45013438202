import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { Redis } from 'ioredis';
import { WebSocketServer, type WebSocket } from 'ws';
import type { VoiceRecord } from '../src/domain/voice/voice.types';
import { voiceTopic } from '../src/domain/voice/voice.types';
import type { ChangeEvent } from '../src/store/record-store';
import { nextMessageFrame, nextMessagePrefix } from '../src/http/graphql/ws/live-writes';
import { KeySpace } from '../src/store/keys';

/**
 * The floor of subscription delivery on this machine: `ws` sockets speaking just enough of
 * graphql-transport-ws for the bench's subscribers (ack, pong, one `next` on subscribe), and
 * on each change event the service publishes for the partner's voices, that voice's
 * snapshot serialised once and written to every socket in one frame with its subscription
 * id. No GraphQL, no key check, no per-subscriber state beyond the socket: what the real
 * fan-out costs above this is the price of its layers.
 */
const keys = new KeySpace(process.env.REDIS_PREFIX ?? 'persona');
const subscriber = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const partner = process.env.PARTNER ?? 'bench';

interface FloorSocket extends WebSocket {
  /** Its `next` messages' text before the payload, encoded once, as the service keeps it. */
  prefix?: Buffer;
  /** The upgraded TCP stream under the WebSocket, written to as the service writes its pushed results. */
  stream?: Duplex;
}

const server = createServer((_request, response) => response.writeHead(404).end());
const sockets = new WebSocketServer({ server, perMessageDeflate: false, handleProtocols: () => 'graphql-transport-ws' });
sockets.on('connection', (socket: FloorSocket, request) => {
  socket.stream = request.socket;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; id?: string };
    if (message.type === 'connection_init') socket.send('{"type":"connection_ack"}');
    else if (message.type === 'ping') socket.send('{"type":"pong"}');
    else if (message.type === 'subscribe' && message.id) {
      socket.prefix = nextMessagePrefix(message.id);
      socket.send(JSON.stringify({ id: message.id, type: 'next', payload: { data: { voiceUpdated: null } } }));
    }
  });
});

/** The record where the GraphQL answer has the voice: the field the bench checks, and a payload of about the same size. */
function payloadOf(voice: VoiceRecord): Buffer {
  return Buffer.from(JSON.stringify({ data: { voiceUpdated: voice } }));
}

subscriber.on('message', (_channel: string, message: string) => {
  const event = JSON.parse(message) as ChangeEvent<VoiceRecord>;
  const payload = payloadOf(event.data);
  for (const socket of sockets.clients as Set<FloorSocket>) {
    if (!socket.prefix || !socket.stream) continue;
    // The same framing as the service's, so the two differ only by what happens around it.
    socket.stream.write(nextMessageFrame(socket.prefix, payload));
  }
});

void subscriber.subscribe(keys.channel(voiceTopic(partner))).then(() => {
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(`bare fan-out floor listening on http://127.0.0.1:${port}`);
  });
});

const stop = () => {
  for (const socket of sockets.clients) socket.terminate();
  server.close();
  subscriber.disconnect();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
