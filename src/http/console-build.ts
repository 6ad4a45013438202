import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleConsoleScript, CONSOLE_SOURCE_DIR } from './console-bundle';

/**
 * `npm run build` runs this (`tsx src/http/console-build.ts dist/console`): the console's page,
 * style and bundled script into the build, so a production install serves them as files.
 * Nothing imports it: it lives in src/ because the Dockerfile's build stage copies only src/.
 */
const dir = process.argv[2] ?? 'dist/console';
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}/console.js`, await bundleConsoleScript());
for (const file of ['index.html', 'console.css']) copyFileSync(fileURLToPath(new URL(file, CONSOLE_SOURCE_DIR)), `${dir}/${file}`);
