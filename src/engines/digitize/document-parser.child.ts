import { EngineError } from '../../domain/shared/engine-error';
import type { ParserJob, ParserMessage } from './parser-process';
import { extractText } from './index';

/*
 * A parser process (document-parser.ts starts them): reads each document it is sent, one at a
 * time, and answers with its text or why not. Its parent holds it to a time and a memory limit
 * by killing it; it holds each document to the size limits that come with it.
 */

/** The domain writes progress at most every 250 ms; what the parser sends need not be finer. */
const PROGRESS_INTERVAL_MS = 100;

const send = (message: ParserMessage): Promise<void> => new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));

process.on('message', (job: ParserJob) => void read(job).then(send));
// The service is gone, or let this process go.
process.once('disconnect', () => process.exit(0));
// The readers are loaded: what the process holds from here on is the documents'.
void send({ type: 'ready' });

async function read(job: ParserJob): Promise<ParserMessage> {
  try {
    let sentAt = 0;
    const onProgress = (done: number, total: number | null): void => {
      // A page is read in a millisecond or less: a message for each would keep the service busy for nothing.
      if (done !== total && performance.now() - sentAt < PROGRESS_INTERVAL_MS) return;
      sentAt = performance.now();
      void send({ type: 'progress', done, total });
    };
    const { text, title } = await extractText(job.path, job.format, { limits: job.limits, url: job.url, onProgress });
    return { type: 'done', text, ...(title === undefined ? {} : { title }) };
  } catch (error) {
    if (error instanceof EngineError) return { type: 'failed', message: error.message, retryable: error.retryable };
    // A reader that breaks on a document (a stack overflow on deep nesting, say) breaks again on it.
    return { type: 'failed', message: `The document could not be read (${error instanceof Error ? error.message : String(error)})`, retryable: false };
  }
}
