import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schema } from './index';

/** Writes schema.graphql, the committed contract that codegen and clients read. */
writeFileSync(new URL('../../schema.graphql', import.meta.url), `${printSchema(schema)}\n`);
