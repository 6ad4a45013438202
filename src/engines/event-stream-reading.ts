import { finished } from 'node:stream';
import type { Dispatcher } from 'undici';
import { EngineError } from '../domain/shared/engine-error';
import { answerTooLarge } from './engine-http';

/**
 * The lines of an event stream (text/event-stream) as its bytes come: `push` a network read,
 * then take its whole lines with `next` until it answers null; a line's end is `\n`, `\r\n` or
 * a lone `\r`, as the format allows, and a character or line end split between reads is
 * joined. Most reads of a streamed reply carry one `data:` line and the blank line after it,
 * so the common case is two `indexOf`s and no regular expression.
 */
export class EventStreamLines {
  private readonly decoder = new TextDecoder('utf-8');
  private text = '';
  private at = 0;
  /** The last read ended in `\r`: a `\n` opening the next one belongs to that line end. */
  private afterCarriageReturn = false;

  /** Takes a read and answers its first whole line (null when none is whole yet). */
  push(chunk: Buffer): string | null {
    const decoded = this.decoder.decode(chunk, { stream: true });
    this.text = this.at < this.text.length ? this.text.slice(this.at) + decoded : decoded;
    this.at = 0;
    if (this.afterCarriageReturn && this.text.startsWith('\n')) this.at = 1;
    this.afterCarriageReturn = false;
    return this.next();
  }

  next(): string | null {
    const { text, at } = this;
    const newline = text.indexOf('\n', at);
    const carriage = text.indexOf('\r', at);
    if (newline < 0 && carriage < 0) return null;
    if (carriage < 0 || (newline >= 0 && newline < carriage)) {
      this.at = newline + 1;
      return text.slice(at, newline);
    }
    // A `\r`: its line ends there, and a `\n` right after it is part of the same line end.
    if (carriage + 1 === text.length) this.afterCarriageReturn = true;
    this.at = text.charCodeAt(carriage + 1) === 10 ? carriage + 2 : carriage + 1;
    return text.slice(at, carriage);
  }
}

/**
 * Hands each read of a response's body to `take` until it answers true (the answer is whole:
 * the rest is not read, and the body is destroyed with its connection) or the body ends.
 * Rejects with what `take` throws, with the body's own error, or when more than `maxBytes`
 * come.
 */
export function readUntil(body: Dispatcher.ResponseData['body'], maxBytes: number, engine: string, take: (chunk: Buffer) => boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let bytes = 0;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      body.off('data', onData);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onData = (chunk: Buffer) => {
      if (settled) return;
      bytes += chunk.length;
      try {
        if (bytes > maxBytes) throw answerTooLarge(engine, maxBytes);
        if (!take(chunk)) return;
        settle();
      } catch (error) {
        settle(error instanceof Error ? error : new EngineError(`${engine} answer could not be read`, false));
      }
      body.destroy();
    };
    body.on('data', onData);
    // `finished` also reports a body closed before its end (the connection lost) as an error.
    finished(body, (error) => settle(error ?? undefined));
  });
}
