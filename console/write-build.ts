import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildConsole } from './build';

/**
 * `npm run build` runs this (`tsx console/write-build.ts dist/console`): the console built
 * beside the built server, so a production install serves it as files, without esbuild.
 */
const dir = process.argv[2] ?? 'dist/console';
mkdirSync(dir, { recursive: true });
for (const [name, bytes] of Object.entries(await buildConsole())) writeFileSync(join(dir, name), bytes);
