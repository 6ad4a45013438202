import { pino, type Logger } from 'pino';
import type { Config } from './config/config';

export type { Logger };

/**
 * One structured logger per process, shared by the HTTP server and the workers, so a
 * request's lines and its jobs' lines read alike. API keys never reach it: requests are
 * logged by method and URL, and keys travel in a header that is redacted.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]'], censor: '[redacted]' },
  });
}
