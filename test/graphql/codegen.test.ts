import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * graphql-codegen's own check mode, on codegen.ts: it generates in memory from the committed
 * schema.graphql and the documents (local files only) and exits 1, listing them, when a file
 * on disk differs from what it would write.
 */
function codegenCheck(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('node_modules/.bin/graphql-codegen', ['--config', 'codegen.ts', '--check'], { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe('the typed GraphQL documents (test/gql/ and console/app/gql/)', () => {
  it('are what npm run codegen makes from schema.graphql and the documents (run it after changing either)', async () => {
    const { code, output } = await codegenCheck();
    expect(
      code,
      `${output
        .split('\n')
        .filter((line) => !/^\[(STARTED|SUCCESS)\]/.test(line))
        .join('\n')}\nrun npm run codegen`,
    ).toBe(0);
  });
});
