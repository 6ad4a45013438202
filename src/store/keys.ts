/** Builds every Redis key and channel from one prefix, so deployments and test runs never collide. */
export class KeySpace {
  constructor(readonly prefix: string) {}

  key(...parts: string[]): string {
    return [this.prefix, ...parts].join(':');
  }

  channel(topic: string): string {
    return `${this.prefix}:events:${topic}`;
  }
}
