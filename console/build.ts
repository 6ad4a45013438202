import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The console's sources: index.html, console.css with style/, and app/ (TypeScript and Preact). */
const SOURCE_DIR = new URL('./', import.meta.url);

/** What a built console is: the page, its style and its one script, served under /console/. */
export const CONSOLE_FILES = ['index.html', 'console.css', 'console.js'] as const;
export type ConsoleFiles = Record<(typeof CONSOLE_FILES)[number], Buffer>;

/**
 * The console built: app/main.tsx with Preact and graphql-ws bundled and minified into one ES
 * module, console.css with the parts it imports into one style sheet, beside the page. Both
 * ways of serving it call this, so the source tree and the build serve the same bytes: the
 * service started from source builds it in memory (esbuild, a dev dependency, about 100 ms),
 * and `npm run build` writes it into dist/console/ (./write-build.ts), which a production
 * install serves without esbuild.
 */
export async function buildConsole(): Promise<ConsoleFiles> {
  const { build } = await import('esbuild');
  const source = (file: string) => fileURLToPath(new URL(file, SOURCE_DIR));
  const result = await build({
    entryPoints: [
      { in: source('app/main.tsx'), out: 'console' },
      { in: source('console.css'), out: 'console' },
    ],
    outdir: source('.'),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const output = (name: string) => Buffer.from(result.outputFiles.find((file) => file.path === source(name))!.contents);
  return { 'index.html': readFileSync(source('index.html')), 'console.css': output('console.css'), 'console.js': output('console.js') };
}

/** When a source of the console last changed: the service run from source builds it again after an edit. */
export function sourcesChangedAt(dir = SOURCE_DIR): number {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = new URL(item.name + (item.isDirectory() ? '/' : ''), dir);
    newest = Math.max(newest, item.isDirectory() ? sourcesChangedAt(path) : statSync(path).mtimeMs);
  }
  return newest;
}
