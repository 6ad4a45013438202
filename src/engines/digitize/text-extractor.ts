import { readFile, stat } from 'node:fs/promises';
import { UnsupportedMedia } from '../../domain/errors';
import type { TextExtractor } from '../../domain/knowledge-base/text-extractor';
import { EngineError } from '../../domain/shared/engine-error';
import { megabytes } from './document-limits';
import type { DocumentParser } from './document-parser';
import { detectFileFormat } from './format-detection';

/** The digitize engines as the knowledge base domain reads uploads with them: in a parser process, as the digitize job does. */
export function documentTextExtractor(parser: DocumentParser, maxTextBytes: number): TextExtractor {
  return {
    detectFormat: detectFileFormat,
    async extractText(path, format, owner) {
      try {
        if (format !== 'markdown' && format !== 'text') return (await parser.parse({ path, format }, { lane: owner })).text;
        // A text or Markdown upload is kept exactly as sent: read here, which costs no parsing, but not past the text limit.
        if ((await stat(path)).size > maxTextBytes) throw new EngineError(`The text is larger than ${megabytes(maxTextBytes)}`, false);
        return await readFile(path, 'utf8');
      } catch (error) {
        if (error instanceof EngineError) throw new UnsupportedMedia(error.message);
        throw error;
      }
    },
  };
}
