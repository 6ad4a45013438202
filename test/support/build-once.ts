import { execFileSync } from 'node:child_process';

/**
 * Vitest's global setup: builds dist/ once before any test file runs. The tests that start the
 * service as `npm start` does (scripts/start.mjs builds when the sources are newer than the
 * build) then all run this one fresh build, and two files never build it at the same time.
 */
export default function buildOnce(): void {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
}
