// `npm start`: runs the built server in this very process, so SIGTERM and SIGINT reach the
// server itself. A fresh checkout (`npm ci && npm start`) has no build yet: make it first.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.log('No build found in dist/: running npm run build first.');
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
}
await import(entry.href);
