declare module 'cluster-key-slot' {
  /** The Redis Cluster slot (0-16383) of a key, hash tags included. */
  export default function calculateSlot(key: string | Buffer): number;
}
