/**
 * Hands on what finishes in any order in the order it was numbered (0, 1, 2, ...): a result
 * that finishes before an earlier one waits for it, and each is released once, as soon as
 * every one before it has been. Segments of a recording are transcribed several at a time;
 * their texts are published in the recording's order through this.
 */
export class RecordingOrder<T> {
  private next = 0;
  private readonly waiting = new Map<number, T>();

  constructor(private readonly release: (item: T, index: number) => void) {}

  /** How many have been released: every index below it. */
  get released(): number {
    return this.next;
  }

  add(index: number, item: T): void {
    if (!Number.isInteger(index) || index < 0) throw new Error(`${index} is not a result's number`);
    if (index < this.next || this.waiting.has(index)) throw new Error(`Result ${index} was already added`);
    this.waiting.set(index, item);
    while (this.waiting.has(this.next)) {
      const ready = this.waiting.get(this.next) as T;
      this.waiting.delete(this.next);
      this.release(ready, this.next++);
    }
  }
}

/**
 * Texts as pieces of one text joined by single spaces, as the stitched transcript joins its
 * segments: empty texts add nothing, and every piece after the first starts with its space.
 */
export function spacedPieces(publish: (piece: string) => void): (text: string) => void {
  let started = false;
  return (text) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    publish(started ? ` ${trimmed}` : trimmed);
    started = true;
  };
}
