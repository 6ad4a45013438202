import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../src/domain/shared/engine-error';
import { downloadToFile, isPrivateAddress } from '../../src/engines/safe-download';
import { waitFor } from '../support/wait-for';

const payload = randomBytes(256 * 1024);
const firstPart = payload.subarray(0, 64 * 1024);

let server: Server;
let origin: string;
let workDir: string;
let releaseStream: () => void = () => {};
let streamReleased: Promise<void> = Promise.resolve();

function armStreamGate(): void {
  streamReleased = new Promise((resolve) => {
    releaseStream = resolve;
  });
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'safe-download-'));
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const redirect = /^\/redirect\/(\d+)$/.exec(path);
    if (redirect) {
      const left = Number(redirect[1]);
      res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : '/files/payload.bin' });
      res.end();
      return;
    }
    switch (path) {
      case '/files/payload.bin':
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': payload.length });
        res.end(payload);
        return;
      case '/files/My%20Report.txt':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('report');
        return;
      case '/named':
        res.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="fallback.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
        });
        res.end('%PDF-1.4');
        return;
      case '/quoted':
        res.writeHead(200, { 'content-disposition': 'attachment; filename="../../etc/notes.txt"' });
        res.end('notes');
        return;
      case '/gated':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.write(firstPart);
        void streamReleased.then(() => res.end(payload.subarray(firstPart.length)));
        return;
      case '/declared-large':
        res.writeHead(200, { 'content-length': 200 * 1024 });
        res.end(Buffer.alloc(200 * 1024));
        return;
      case '/chunked-large':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let index = 0; index < 64; index += 1) res.write(Buffer.alloc(16 * 1024, index));
        res.end();
        return;
      case '/stall-body':
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.write(firstPart);
        return;
      case '/to-ftp':
        res.writeHead(302, { location: 'ftp://files.example.com/payload.bin' });
        res.end();
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  releaseStream();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(workDir, { recursive: true, force: true });
});

const allowed = { maxBytes: 1024 * 1024, timeoutMs: 10_000, allowPrivate: true };

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function failure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('downloadToFile', () => {
  it('downloads a file with its metadata when private addresses are allowed', async () => {
    const destination = join(workDir, 'payload');
    const result = await downloadToFile(`${origin}/files/payload.bin`, destination, allowed);
    expect(result).toEqual({
      bytes: payload.length,
      contentType: 'application/octet-stream',
      finalUrl: `${origin}/files/payload.bin`,
      filename: 'payload.bin',
    });
    expect((await readFile(destination)).equals(payload)).toBe(true);
  });

  it('writes the body to disk while it is still arriving', async () => {
    armStreamGate();
    const destination = join(workDir, 'gated');
    const download = downloadToFile(`${origin}/gated`, destination, allowed);
    const written = await waitFor(
      () =>
        stat(destination).then(
          (info) => info.size,
          () => 0,
        ),
      (size) => size >= firstPart.length,
      10_000,
    );
    expect(written).toBe(firstPart.length);
    releaseStream();
    const result = await download;
    expect(result.bytes).toBe(payload.length);
    expect((await readFile(destination)).equals(payload)).toBe(true);
  });

  it('refuses loopback addresses, by IP and by name, unless allowed', async () => {
    const byIp = await failure(downloadToFile(`${origin}/files/payload.bin`, join(workDir, 'refused-ip'), { ...allowed, allowPrivate: false }));
    expect(byIp.message).toBe('Download refused: private or loopback address (127.0.0.1); the service calls these only with ALLOW_PRIVATE_URLS=true');
    expect(byIp.retryable).toBe(false);

    const port = new URL(origin).port;
    const byName = await failure(
      downloadToFile(`http://localhost:${port}/files/payload.bin`, join(workDir, 'refused-name'), {
        ...allowed,
        allowPrivate: false,
      }),
    );
    expect(byName.message).toMatch(
      /^Download refused: private or loopback address \((127\.0\.0\.1|::1)\); the service calls these only with ALLOW_PRIVATE_URLS=true$/,
    );
    expect(await exists(join(workDir, 'refused-ip'))).toBe(false);
    expect(await exists(join(workDir, 'refused-name'))).toBe(false);
  });

  it('refuses schemes other than http and https, also behind a redirect', async () => {
    const direct = await failure(downloadToFile('file:///etc/passwd', join(workDir, 'file-scheme'), allowed));
    expect(direct.message).toBe('Download refused: only http and https URLs are allowed');
    const redirected = await failure(downloadToFile(`${origin}/to-ftp`, join(workDir, 'ftp'), allowed));
    expect(redirected.message).toBe('Download refused: only http and https URLs are allowed');
  });

  it('refuses a body whose declared length is over the cap', async () => {
    const destination = join(workDir, 'declared');
    const error = await failure(downloadToFile(`${origin}/declared-large`, destination, { ...allowed, maxBytes: 100 * 1024 }));
    expect(error.message).toBe('Download too large: over 100 KB');
    expect(error.retryable).toBe(false);
    expect(await exists(destination)).toBe(false);
  });

  it('stops a chunked body without a length once it passes the cap and deletes the partial file', async () => {
    const destination = join(workDir, 'chunked');
    const error = await failure(downloadToFile(`${origin}/chunked-large`, destination, { ...allowed, maxBytes: 10 * 1024 }));
    expect(error.message).toBe('Download too large: over 10 KB');
    expect(error.retryable).toBe(false);
    expect(await exists(destination)).toBe(false);
  });

  it('gives up when the server stalls and deletes the partial file', async () => {
    const destination = join(workDir, 'stalled');
    const error = await failure(downloadToFile(`${origin}/stall-body`, destination, { ...allowed, timeoutMs: 300 }));
    expect(error.message).toBe('Download failed: timed out after 0.3 s');
    expect(await exists(destination)).toBe(false);
  });

  it('follows redirects up to the limit and reports the final URL', async () => {
    const result = await downloadToFile(`${origin}/redirect/3`, join(workDir, 'redirected'), {
      ...allowed,
      maxRedirects: 3,
    });
    expect(result.finalUrl).toBe(`${origin}/files/payload.bin`);
    expect(result.bytes).toBe(payload.length);

    const error = await failure(downloadToFile(`${origin}/redirect/3`, join(workDir, 'too-many'), { ...allowed, maxRedirects: 2 }));
    expect(error.message).toBe('Download failed: too many redirects');
    const defaultLimit = await failure(downloadToFile(`${origin}/redirect/6`, join(workDir, 'default-limit'), allowed));
    expect(defaultLimit.message).toBe('Download failed: too many redirects');
  });

  it('reports an HTTP error status as not retryable when it is a 4xx', async () => {
    const destination = join(workDir, 'missing');
    const error = await failure(downloadToFile(`${origin}/missing`, destination, allowed));
    expect(error.message).toBe('Download failed: HTTP 404');
    expect(error.retryable).toBe(false);
    expect(await exists(destination)).toBe(false);
  });

  it('reports a host that does not resolve', async () => {
    const error = await failure(downloadToFile('http://no-such-host.invalid/file', join(workDir, 'nohost'), allowed));
    expect(error.message).toBe('Download failed: host not found');
  });

  it('takes the filename from Content-Disposition, else from the URL, never as a path', async () => {
    const named = await downloadToFile(`${origin}/named`, join(workDir, 'named'), allowed);
    expect(named.filename).toBe('résumé.pdf');
    const quoted = await downloadToFile(`${origin}/quoted`, join(workDir, 'quoted'), allowed);
    expect(quoted.filename).toBe('notes.txt');
    const fromUrl = await downloadToFile(`${origin}/files/My%20Report.txt`, join(workDir, 'from-url'), allowed);
    expect(fromUrl.filename).toBe('My Report.txt');
    expect(await readFile(join(workDir, 'from-url'), 'utf8')).toBe('report');
  });
});

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['100.127.255.255', true],
    ['100.128.0.1', false],
    ['0.0.0.0', true],
    ['224.0.0.251', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.216.34', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fe80::1%eth0', true],
    ['fd12:3456::1', true],
    ['fc00::1', true],
    ['ff02::1', true],
    ['2001:db8::1', true],
    ['2606:4700:4700::1111', false],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:169.254.169.254', true],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::10.0.0.1', true],
    ['64:ff9b::8.8.8.8', false],
    ['2002:7f00:1::1', true],
    ['2002:808:808::1', false],
    // Every other blocked range, with a neighbour outside where the range ends.
    ['192.0.0.8', true],
    ['192.0.2.1', true],
    ['192.88.99.1', true],
    ['192.88.100.1', false],
    ['198.18.0.1', true],
    ['198.19.255.255', true],
    ['198.20.0.1', false],
    ['198.51.100.7', true],
    ['203.0.113.9', true],
    ['239.255.255.255', true],
    ['240.0.0.1', true],
    ['223.255.255.255', false],
    ['::7f00:1', true],
    ['::8.8.8.8', true],
    ['64:ff9b:1::a00:1', true],
    ['100::1', true],
    ['2001::1', true],
    ['2001:2::1', true],
    ['2001:3::1', false],
    ['fec0::1', true],
    ['FE80::1', true],
    // The embedded IPv4 address decides, in each form and for each range.
    ['::ffff:100.64.0.1', true],
    ['::ffff:192.0.2.1', true],
    ['::FFFF:7F00:1', true],
    ['64:ff9b::a9fe:a9fe', true],
    ['64:ff9b::192.168.1.1', true],
    ['64:ff9b::100.128.0.1', false],
    ['2002:a9fe:a9fe::1', true],
    ['2002:c0a8:101::1', true],
    ['2002:6440::1', true],
    ['2002:6480::1', false],
    ['2002:e000::1', true],
    ['not-an-ip', true],
    ['', true],
    ['127.0.0.1.5', true],
  ])('%s → %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});
