import { fileURLToPath } from 'node:url';

/** The console's sources: index.html, console.css and app/ (TypeScript and Preact). */
export const CONSOLE_SOURCE_DIR = new URL('./console/', import.meta.url);

/**
 * The console's script: app/main.tsx with Preact and graphql-ws, bundled and minified into
 * one ES module. Both ways of serving it call this, with the same options, so the source
 * tree and the build serve the same bytes: the service started from source bundles it in
 * memory once per process (esbuild, a dev dependency, about 100 ms), and `npm run build`
 * writes it into dist/console/, which a production install serves without esbuild.
 */
export async function bundleConsoleScript(): Promise<Buffer> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(new URL('app/main.tsx', CONSOLE_SOURCE_DIR))],
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
  return Buffer.from(result.outputFiles[0]!.contents);
}
