import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SERVICE_NODE_FLAGS } from '../../bench/support';

/** The Node options before the script, as a command line names them. */
const nodeFlags = (words: readonly string[]) => words.slice(words.indexOf('node') + 1).filter((word) => word.startsWith('--'));

describe('the Node options the service runs with', () => {
  it('are the same for npm start, the Docker image and the bench', async () => {
    const scripts = (JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    const dockerfile = await readFile('Dockerfile', 'utf8');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(nodeFlags(scripts.start!.split(' '))).toEqual(SERVICE_NODE_FLAGS);
    expect(nodeFlags(cmd)).toEqual(SERVICE_NODE_FLAGS);
    expect(SERVICE_NODE_FLAGS).toContain('--max-semi-space-size=64');
  });
});
