import { pino, type Logger } from 'pino';
import type { Config } from './config/config';

export type { Logger };

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
}

// The voice API accepts its key as `?api_key=`, and a transcript's playback URL carries a
// `?token=`; a logged URL keeps the parameter's name only.
const API_KEY_PARAMETER = /([?&](?:api_key|token)=)[^&#]*/gi;

export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(API_KEY_PARAMETER, '$1[redacted]');
}

let stdout: ReturnType<typeof pino.destination> | undefined;

/**
 * Standard output, written asynchronously: a line goes out as soon as the previous write has
 * finished, so lines logged meanwhile leave together in one write instead of a blocking
 * write each. What is still buffered when the process exits is written then, synchronously.
 */
function asyncStdout(): ReturnType<typeof pino.destination> {
  if (!stdout) {
    const destination = pino.destination({ dest: 1, sync: false });
    process.once('exit', () => {
      try {
        destination.flushSync();
      } catch {
        // Standard output is gone (a closed pipe): nothing left to write to.
      }
    });
    stdout = destination;
  }
  return stdout;
}

/**
 * One structured logger per process, shared by the HTTP server and the workers, so a
 * request's lines and its jobs' lines read alike. API keys never reach it: requests are
 * logged by method and URL with any key parameter masked, and keys in headers are redacted.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      redact: {
        paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]', 'req.headers.authorization', 'headers.authorization'],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip }),
      },
    },
    asyncStdout(),
  );
}
