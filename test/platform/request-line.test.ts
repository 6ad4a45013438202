import type { LevelWithSilent } from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger, redactUrl, writeRequestLine, type RequestLine } from '../../src/logger';

/** A logger writing to memory, as the service's own is configured. */
function capturedLogger(level: LevelWithSilent = 'info') {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

const requests: RequestLine[] = [
  {
    requestId: 'logged-7',
    method: 'GET',
    url: '/api/voices/acme/No%20such%20voice',
    host: '127.0.0.1:3000',
    remoteAddress: '127.0.0.1',
    route: '/api/voices/:partner/:voice',
    statusCode: 404,
    responseTime: 1.2345678,
  },
  {
    requestId: 'f0e1d2c3-0000-4000-8000-000000000000',
    method: 'POST',
    url: '/api/voices/acme?api_key=pk_secret&name="quoted"\\back\u2028é\u0001',
    host: undefined,
    remoteAddress: undefined,
    route: 'unmatched',
    statusCode: 200,
    responseTime: 0,
  },
  {
    requestId: 'emoji',
    method: 'GET',
    url: '/plain/path/with-nothing-to-escape',
    host: 'h\ud83d\ude00st\ud800',
    remoteAddress: '::ffff:127.0.0.1',
    route: '/plain/:path',
    statusCode: 500,
    responseTime: 12.5,
  },
];

describe("a request's line", () => {
  it('is what pino writes for the same fields, key parameter masked, however its strings are made', () => {
    for (const request of requests) {
      const written = capturedLogger();
      writeRequestLine(written.logger, request);
      const reference = capturedLogger();
      const { requestId, method, url, host, remoteAddress, route, statusCode, responseTime } = request;
      reference.logger.info({ requestId, req: { method, url, host, ip: remoteAddress }, route, statusCode, responseTime }, 'request completed');

      expect(written.lines).toHaveLength(1);
      const line = written.lines[0]!;
      expect(line.endsWith('\n')).toBe(true);
      const parsed = JSON.parse(line) as Record<string, unknown>;
      const expected = JSON.parse(reference.lines[0]!) as Record<string, unknown>;
      // The clock moved between the two lines; everything else is the same, byte for byte.
      expect(typeof parsed.time).toBe('number');
      const withoutTime = (text: string) => text.replace(/"time":\d+/, '"time":0');
      expect(withoutTime(line)).toBe(withoutTime(reference.lines[0]!));
      expect({ ...parsed, time: 0 }).toEqual({ ...expected, time: 0 });
      expect(parsed.req).toMatchObject({ url: redactUrl(url) });
      expect(line).not.toContain('pk_secret');
    }
  });

  it('is not written when the level is above info', () => {
    const { logger, lines } = capturedLogger('warn');
    writeRequestLine(logger, requests[0]!);
    expect(lines).toEqual([]);
  });
});

describe('a logged URL', () => {
  it('masks the key parameter by the name the query parser reads, however it is spelt', () => {
    for (const name of ['api_key', '%61pi_key', 'api%5Fkey', 'api%5fkey', 'API_KEY', '%61%70%69%5F%6B%65%79', 'token', '%74oken']) {
      expect(redactUrl(`/api/voices/acme?x=1&${name}=pk_secret%23tail&y=2`), name).toBe(`/api/voices/acme?x=1&${name}=[redacted]&y=2`);
    }
  });

  it('runs a value to the next &, as the parser does, and leaves other parameters and odd escapes alone', () => {
    expect(redactUrl('/p?api_key=pk_secret#fragment&y=2')).toBe('/p?api_key=[redacted]&y=2');
    expect(redactUrl('/p?%ZZ=1&api+key=2&apikey=3')).toBe('/p?%ZZ=1&api+key=2&apikey=3');
    expect(redactUrl('/p/a=b')).toBe('/p/a=b');
  });
});
