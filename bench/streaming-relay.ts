import { createServer } from 'node:http';
import { request } from 'undici';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The floor of streamed output on this machine: each graphql-transport-ws subscription
 * (`completionOutput(id)`, the id naming the engine's stream) opens the engine's chat stream
 * itself, and each delta it reads goes straight to the socket as the service's OutputEvent
 * would, numbered, then `done` and `complete` at `[DONE]`. No GraphQL, no key check, no
 * Redis, no queue, no worker: the engine's stream piped to a websocket. What the service's
 * latency costs above this is the price of its layers (the output log, the event bus, a
 * second process).
 */
const engineUrl = process.env.ENGINE_URL ?? 'http://127.0.0.1:0';

const server = createServer((_request, response) => response.writeHead(404).end());
const sockets = new WebSocketServer({ server, perMessageDeflate: false, handleProtocols: () => 'graphql-transport-ws' });

function next(socket: WebSocket, id: string, event: { seq: number; text: string; reset: boolean; done: boolean }): void {
  socket.send(JSON.stringify({ id, type: 'next', payload: { data: { completionOutput: event } } }));
}

async function relay(socket: WebSocket, id: string, stream: string): Promise<void> {
  let seq = 0;
  next(socket, id, { seq, text: '', reset: true, done: false });
  const answer = await request(`${engineUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bench-llm', stream: true, messages: [{ role: 'user', content: `bench stream ${stream}` }] }),
    bodyTimeout: 0,
    headersTimeout: 0,
  });
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  for await (const part of answer.body as AsyncIterable<Buffer>) {
    pending += decoder.decode(part, { stream: true });
    let end: number;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const data = pending.slice(0, end).replace(/^data: /, '');
      pending = pending.slice(end + 2);
      if (data === '[DONE]') {
        next(socket, id, { seq: seq + 1, text: '', reset: false, done: true });
        socket.send(JSON.stringify({ id, type: 'complete' }));
        return;
      }
      const text = (JSON.parse(data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
      if (text) next(socket, id, { seq: ++seq, text, reset: false, done: false });
    }
  }
}

sockets.on('connection', (socket) => {
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; id?: string; payload?: { variables?: { id?: string } } };
    if (message.type === 'connection_init') socket.send('{"type":"connection_ack"}');
    else if (message.type === 'ping') socket.send('{"type":"pong"}');
    else if (message.type === 'subscribe' && message.id) {
      relay(socket, message.id, String(message.payload?.variables?.id ?? '')).catch((error: unknown) => {
        socket.send(JSON.stringify({ id: message.id, type: 'error', payload: [{ message: String(error) }] }));
      });
    }
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`bare streaming relay listening on http://127.0.0.1:${port}`);
});
const stop = () => {
  for (const socket of sockets.clients) socket.terminate();
  server.close();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
