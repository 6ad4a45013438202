import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * The streaming bench's LLM (bench/streaming.ts): an OpenAI-compatible chat completions
 * stream, in a process of its own so that its CPU is not the service's. A request's last user
 * message names its stream (`bench stream <n>`); every request is held until the bench says
 * go (once all its subscribers listen), then each answers TOKENS tokens at TOKENS_PER_SECOND,
 * the streams' phases spread over one token's interval as independent users' would be. Each
 * token's text carries its index (` t17`, with a multi-byte letter or emoji now and then, so
 * a client that splits or repeats a character shows it), and the time each token was written
 * to its socket is kept, on this machine's clock, for `GET /sent`.
 *
 * `POST /go` starts them; `GET /status` says how many requests wait; `GET /sent` answers
 * `{ [stream]: { text, times } }` (times in ms since the epoch, fractional).
 */
const tokens = Number(process.env.TOKENS ?? 200);
const tokensPerSecond = Number(process.env.TOKENS_PER_SECOND ?? 20);
const intervalMs = 1000 / tokensPerSecond;

/** The text of token `index`: its index, after a space and a letter that is sometimes more than one byte. */
function tokenText(index: number): string {
  if (index % 13 === 0) return ` 😀${index}`;
  if (index % 7 === 0) return ` ü${index}`;
  return ` t${index}`;
}

const now = () => performance.timeOrigin + performance.now();

interface Held {
  stream: string;
  response: ServerResponse;
}

const held: Held[] = [];
const sent = new Map<string, { text: string; times: number[] }>();
let going = false;

const chunk = (body: object) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model: 'bench-llm', ...body })}\n\n`;

// Every stream sends the same tokens: their events are made once, so that the engine's own CPU
// (it shares the machine with the service it measures) is the writes, not JSON.stringify.
const tokenEvents = Array.from({ length: tokens }, (_, index) => chunk({ choices: [{ index: 0, delta: { content: tokenText(index) }, finish_reason: null }] }));

function play({ stream, response }: Held, phaseMs: number): void {
  const record = { text: '', times: [] as number[] };
  sent.set(stream, record);
  const start = now() + phaseMs;
  let index = 0;
  const next = () => {
    if (response.destroyed) return;
    if (index === 0) response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    const text = tokenText(index);
    record.times.push(now());
    record.text += text;
    response.write(tokenEvents[index]!);
    index++;
    if (index < tokens) return void setTimeout(next, Math.max(0, start + index * intervalMs - now()));
    response.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    response.write(chunk({ choices: [], usage: { prompt_tokens: 3, completion_tokens: tokens, total_tokens: tokens + 3 } }));
    response.end('data: [DONE]\n\n');
  };
  setTimeout(next, phaseMs);
}

async function readJson(request: IncomingMessage): Promise<{ messages?: { role?: string; content?: unknown }[] }> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as { messages?: { role?: string; content?: unknown }[] };
}

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (request.method === 'GET' && path === '/status') return void response.end(JSON.stringify({ waiting: held.length, going }));
  if (request.method === 'GET' && path === '/sent') return void response.end(JSON.stringify(Object.fromEntries(sent)));
  if (request.method === 'POST' && path === '/go') {
    going = true;
    for (const each of held.splice(0)) play(each, Math.random() * intervalMs);
    return void response.end('{}');
  }
  if (request.method !== 'POST' || path !== '/v1/chat/completions') return void response.writeHead(404).end();
  void readJson(request).then(
    (body) => {
      const asked = body.messages?.filter((message) => message.role === 'user').at(-1)?.content;
      const stream = /stream (\d+)/.exec(String(asked ?? ''))?.[1];
      if (stream === undefined) return void response.writeHead(400).end('{"error":{"message":"no stream named"}}');
      const each = { stream, response };
      if (going) play(each, Math.random() * intervalMs);
      else held.push(each);
    },
    () => response.writeHead(400).end(),
  );
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`streaming engine listening on http://127.0.0.1:${port}`);
});
const stop = () => {
  server.closeAllConnections();
  server.close();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
