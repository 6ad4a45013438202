// Loaded with --import (NODE_OPTIONS): records every module the process resolves, one URL a
// line, in MODULE_LOG_FILE, so a test can tell which packages a process loaded.
import { register } from 'node:module';
import process from 'node:process';

register('./module-log-hooks.mjs', import.meta.url, { data: { file: process.env.MODULE_LOG_FILE } });
