import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The sources the architecture tests read: everything under `src` and the console. */
export const ROOT = resolve(__dirname, '../..');
export const SRC = join(ROOT, 'src');
export const CONSOLE = join(ROOT, 'console');

export interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The console is one part; under src, each top-level folder or file is one. */
export function partOf(file: string): string {
  return file.startsWith(`${CONSOLE}/`) ? 'console' : relative(SRC, file).split('/')[0]!;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => {
    const target = resolve(dirname(file), match[2]!);
    const to = [`${target}.ts`, `${target}.tsx`].find((path) => existsSync(path)) ?? join(target, 'index.ts');
    return { from: file, to, typeOnly: Boolean(match[1]) };
  });
}

export const files = [...sourceFiles(SRC), ...sourceFiles(CONSOLE)];
export const imports = files.flatMap(importsOf);
