import WebSocket from 'ws';
import { waitFor } from './wait-for';

export type RawMessage = Record<string, unknown>;

/** A WebSocket client that speaks no protocol of its own: the messages and close codes exactly as the server sent them. */
export interface RawPeer {
  socket: WebSocket;
  /** Every text message received, parsed, in order. */
  messages: RawMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  /** Resolves with the first message that satisfies `match`, received already or later. */
  receive(match: (message: RawMessage) => boolean): Promise<RawMessage>;
}

const opened: RawPeer[] = [];

/** Opens a raw peer (with the graphql-transport-ws subprotocol unless told otherwise); `dropRawPeers` ends it. */
export async function openRawPeer(url: string, protocol: string | null = 'graphql-transport-ws', options: { autoPong?: boolean } = {}): Promise<RawPeer> {
  const socket = new WebSocket(url, protocol ? [protocol] : [], { perMessageDeflate: false, ...options });
  const messages: RawMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as RawMessage));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const peer: RawPeer = {
    socket,
    messages,
    closed,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    receive: async (match) => {
      await waitFor(async () => messages.some(match), Boolean, 10_000);
      return messages.find(match)!;
    },
  };
  opened.push(peer);
  return peer;
}

/** Terminates every raw peer opened so far. */
export function dropRawPeers(): void {
  for (const peer of opened.splice(0)) peer.socket.terminate();
}
