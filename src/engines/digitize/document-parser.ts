import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextFormat } from '../../domain/knowledge-base/document-format';
import type { ProgressCallback } from '../../domain/shared/progress';
import { measureEngineCall } from '../../observability/metrics';
import type { DocumentLimits } from './document-limits';
import { FairSlots } from './fair-slots';
import type { ExtractedText } from './index';
import { ParserProcess, stopped, type ParserEntry } from './parser-process';

export interface DocumentParserOptions {
  /** Parser processes at once for this process; more documents wait, partners in turn. */
  concurrency: number;
  /** The time one document may take (a new parser's start included); then its parser is killed. */
  timeoutMs: number;
  /** The memory one document may take in its parser: its heap, and what the process grows by where /proc tells it. */
  maxMemoryMb: number;
  /** What the parser itself holds a document to. */
  limits: DocumentLimits;
}

export interface ParseRequest {
  path: string;
  format: TextFormat;
  /** Where an HTML page came from: it names a page that declares no title. */
  url?: string;
}

export interface ParseContext {
  /** Whose turn the parse takes when parsers are busy: the partner. */
  lane: string;
  /** Kills the parser (or gives up waiting for one), as when a job is handed back at shutdown. */
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
}

export interface DocumentParser {
  /** The document's text; rejects with an EngineError whose message says why it could not be read. */
  parse(request: ParseRequest, context: ParseContext): Promise<ExtractedText>;
}

/** How long a parser process may wait for the next document before it exits and frees its memory. */
const IDLE_MS = 60_000;

/**
 * Reads documents in child processes, never in the process that answers requests: a PDF of
 * 100,000 pages or a zip bomb then costs a parser's time and memory and fails its own document
 * with a readable reason, while the service's event loop and memory stay as they were. A
 * process (not a worker thread) because a worker's memory is the service's: measured on a
 * 1 GiB zip bomb DOCX, a worker with a 512 MB heap limit still took the service from 99 MiB to
 * 2.2 GiB resident (mammoth inflates into buffers outside the heap) and left it at 1.1 GiB,
 * while with a child process it stayed at 97 MiB.
 *
 * At most `concurrency` processes; each reads one document at a time, and the next one while
 * it is alive and holds less than a document may take, since a new one takes most of a second
 * to start (a thousand small pages would otherwise cost a process each). A killed one is simply
 * gone: the next document starts another.
 */
export function createDocumentParser(options: DocumentParserOptions): DocumentParser {
  const entry = parserEntry();
  // Checked at start: a build without the parser must not start and fail every document.
  if (!existsSync(entry.file)) throw new Error(`The document parser is missing: ${entry.file} (run npm run build)`);
  const slots = new FairSlots(options.concurrency);
  const idle = new Map<ParserProcess, NodeJS.Timeout>();
  const take = (): ParserProcess => {
    for (const [parser, timer] of idle) {
      clearTimeout(timer);
      idle.delete(parser);
      // One that died while it waited (the system's OOM killer, say) is passed over.
      if (parser.alive) return parser;
    }
    return new ParserProcess(entry, options);
  };
  const putBack = async (parser: ParserProcess): Promise<void> => {
    if (!(await parser.reusable())) return parser.retire();
    const timer = setTimeout(() => {
      idle.delete(parser);
      parser.retire();
    }, IDLE_MS).unref();
    idle.set(parser, timer);
  };
  return {
    async parse(request, context) {
      const release = await slots.acquire(context.lane, context.signal).catch(() => {
        throw stopped();
      });
      const parser = take();
      try {
        return await measureEngineCall('document-parser', () => parser.read({ ...request, limits: options.limits }, context));
      } finally {
        await putBack(parser);
        release();
      }
    },
  };
}

/**
 * The parser's entry file. From the TypeScript sources (tests, `npm run dev`) it is the file
 * next to this one, run through tsx; in the build, `npm run build` makes it an entry of its own,
 * dist/engines/digitize/document-parser.child.js, and this code then runs from dist/main.js or
 * a chunk beside it (esbuild puts every chunk at the top of dist/).
 */
function parserEntry(): ParserEntry {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { file: fileURLToPath(new URL('./document-parser.child.ts', here)), execArgv: ['--import', tsx] };
  }
  return { file: fileURLToPath(new URL('./engines/digitize/document-parser.child.js', here)), execArgv: [] };
}
