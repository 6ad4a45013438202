// `npm start`: runs the built server in this very process, so SIGTERM and SIGINT reach the
// server itself. It builds first when there is no build yet (a fresh `npm ci && npm start`)
// or when a source file (of the service or of the console) is newer than the build, so it
// never runs stale code.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const entry = new URL('dist/main.js', root);

function newestSource(dir) {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const path = new URL(item.name + (item.isDirectory() ? '/' : ''), dir);
    newest = Math.max(newest, item.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const built = statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built < Math.max(newestSource(new URL('src/', root)), newestSource(new URL('console/', root)))) {
  console.log(built ? 'The build in dist/ is older than its sources: running npm run build first.' : 'No build found in dist/: running npm run build first.');
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
}
await import(entry.href);
