import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export interface ChannelListener {
  /**
   * Every message published on the channel since the last call, read up to a sentinel this
   * call publishes. Redis delivers a channel's messages in order, so "nothing before the
   * sentinel" proves that nothing was published, without waiting for a time that might pass.
   */
  messagesBeforeSentinel(): Promise<string[]>;
  close(): void;
}

/** Subscribes a connection of its own to one pub/sub channel. */
export async function listen(redisUrl: string, channel: string): Promise<ChannelListener> {
  const subscriber = new Redis(redisUrl);
  const publisher = new Redis(redisUrl);
  const received: string[] = [];
  let arrived: (() => void) | null = null;
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    received.push(message);
    arrived?.();
  });
  await subscriber.subscribe(channel);
  return {
    async messagesBeforeSentinel() {
      const sentinel = `sentinel-${randomUUID()}`;
      await publisher.publish(channel, sentinel);
      for (;;) {
        const at = received.indexOf(sentinel);
        if (at >= 0) return received.splice(0, at + 1).slice(0, at);
        await new Promise<void>((resolve) => {
          arrived = resolve;
        });
      }
    },
    close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
