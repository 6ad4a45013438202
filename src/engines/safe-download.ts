import { lookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { BlockList, isIP, isIPv4, isIPv6, type LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';
import { EngineError } from '../domain/shared/engine-error';
import type { ProgressCallback } from '../domain/shared/progress';
import { storageFailureOf } from '../domain/shared/storage-failure';
import { measureEngineCall } from '../observability/metrics';

/** What a refusal of a private address tells the operator: the service calls one only when allowed. */
export const PRIVATE_URLS_HINT = 'the service calls these only with ALLOW_PRIVATE_URLS=true';

export interface DownloadOptions {
  maxBytes: number;
  /** The most a response that says it is an HTML page may be, when lower than `maxBytes`. */
  maxHtmlBytes?: number;
  timeoutMs: number;
  /** Lets URLs reach loopback and private networks; only for trusted deployments and tests. */
  allowPrivate: boolean;
  maxRedirects?: number;
  /** Hears bytes received of the length the server declared (null when it declared none). */
  onProgress?: ProgressCallback;
}

export interface DownloadResult {
  bytes: number;
  contentType?: string;
  finalUrl: string;
  /** The name the server suggests; metadata for display only, never a path. */
  filename?: string;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a partner-supplied URL to a file. The URL is untrusted: every hop is checked
 * against private networks and the connection is pinned to the checked addresses, so a
 * DNS answer that changes between the check and the connect cannot reach an internal host.
 */
export function downloadToFile(url: string, destinationPath: string, options: DownloadOptions): Promise<DownloadResult> {
  return measureEngineCall('download', () => download(url, destinationPath, options));
}

async function download(url: string, destinationPath: string, options: DownloadOptions): Promise<DownloadResult> {
  const maxRedirects = options.maxRedirects ?? 5;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let current = parseHttpUrl(url);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const addresses = await untilAborted(resolveAllowed(current, options.allowPrivate), controller.signal);
      const agent = pinnedAgent(addresses);
      try {
        const response = await request(current, {
          dispatcher: agent,
          method: 'GET',
          headers: { accept: '*/*', 'user-agent': 'persona-platform-downloader' },
          signal: controller.signal,
        });
        const location = headerValue(response.headers.location);
        if (redirectStatuses.has(response.statusCode) && location !== undefined) {
          discard(response.body);
          if (redirects >= maxRedirects) throw new EngineError('Download failed: too many redirects', false);
          current = parseHttpUrl(new URL(location, current).href);
          continue;
        }
        if (response.statusCode < 200 || response.statusCode > 299) {
          discard(response.body);
          throw new EngineError(`Download failed: HTTP ${response.statusCode}`, isRetryableStatus(response.statusCode));
        }
        const contentType = headerValue(response.headers['content-type']);
        const maxBytes = isHtml(contentType) ? Math.min(options.maxBytes, options.maxHtmlBytes ?? Infinity) : options.maxBytes;
        const declaredLength = Number(headerValue(response.headers['content-length']));
        if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
          discard(response.body);
          throw tooLarge(maxBytes);
        }
        const total = Number.isFinite(declaredLength) ? declaredLength : null;
        const onBytes = options.onProgress && ((received: number) => options.onProgress?.(received, total));
        const bytes = await streamToFile(response.body, destinationPath, maxBytes, onBytes);
        return {
          bytes,
          contentType,
          finalUrl: current.href,
          filename: filenameFromContentDisposition(headerValue(response.headers['content-disposition'])) ?? filenameFromUrl(current),
        };
      } finally {
        await agent.destroy();
      }
    }
  } catch (error) {
    // A full disk while writing the download is the service's trouble, not the download's.
    throw storageFailureOf(error) ?? describeFailure(error, controller.signal.aborted, options.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** A page that lies about its type is still held to the HTML limit where it is parsed. */
function isHtml(contentType: string | undefined): boolean {
  return /^\s*(?:text\/html|application\/xhtml\+xml)\s*(?:;|$)/i.test(contentType ?? '');
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EngineError('Download refused: the URL is not valid', false);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EngineError('Download refused: only http and https URLs are allowed', false);
  }
  return url;
}

async function resolveAllowed(url: URL, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  const addresses = await resolveHost(url);
  if (!allowPrivate) {
    const blocked = addresses.find((entry) => isPrivateAddress(entry.address));
    if (blocked) throw new EngineError(`Download refused: private or loopback address (${blocked.address}); ${PRIVATE_URLS_HINT}`, false);
  }
  return addresses;
}

/** Every address a URL's host stands for (a literal IP is its own answer); ENOTFOUND when none. */
export async function resolveHost(url: URL): Promise<ResolvedAddress[]> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literalFamily = isIP(host);
  const addresses: ResolvedAddress[] =
    literalFamily === 4 || literalFamily === 6
      ? [{ address: host, family: literalFamily }]
      : (await lookup(host, { all: true, verbatim: true })).map((entry) => ({
          address: entry.address,
          family: entry.family === 6 ? 6 : 4,
        }));
  if (addresses.length === 0) throw Object.assign(new Error('no addresses'), { code: 'ENOTFOUND' });
  return addresses;
}

/** Answers every lookup with the addresses that passed the check, whatever DNS says now. */
export function pinnedAgent(addresses: ResolvedAddress[]): Agent {
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    const first = addresses[0]!;
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
  return new Agent({ connect: { lookup: pinned } });
}

async function streamToFile(body: Readable, destinationPath: string, maxBytes: number, onBytes?: (bytes: number) => void): Promise<number> {
  let bytes = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(tooLarge(maxBytes));
      else {
        onBytes?.(bytes);
        callback(null, chunk);
      }
    },
  });
  try {
    await pipeline(body, limiter, createWriteStream(destinationPath));
  } catch (error) {
    await rm(destinationPath, { force: true });
    throw error;
  }
  return bytes;
}

/** Drops a body we will not read; destroying it reports an abort that nobody needs to hear. */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describeFailure(error: unknown, timedOut: boolean, timeoutMs: number): EngineError {
  if (error instanceof EngineError) return error;
  if (timedOut) return new EngineError(`Download failed: timed out after ${formatSeconds(timeoutMs)} s`);
  const code = errorCode(error);
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_NONAME':
      return new EngineError('Download failed: host not found', false);
    case 'EAI_AGAIN':
      return new EngineError('Download failed: host not found');
    case 'ECONNREFUSED':
      return new EngineError('Download failed: connection refused');
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return new EngineError('Download failed: connection closed by the server');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new EngineError('Download failed: host unreachable');
  }
  if (code !== undefined && /CERT|TLS|SSL|SELF_SIGNED/.test(code)) {
    return new EngineError('Download failed: the server certificate is not valid', false);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new EngineError(`Download failed: ${message}`);
}

export function errorCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function tooLarge(maxBytes: number): EngineError {
  return new EngineError(`Download too large: over ${formatSize(maxBytes)}`, false);
}

function formatSize(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024 * 1024, 'GB'],
    [1024 * 1024, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(1)));
}

function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function filenameFromContentDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const decoded = safeDecode(extended[2].trim());
    if (decoded) return lastPathPart(decoded);
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return value ? lastPathPart(value) : undefined;
}

function filenameFromUrl(url: URL): string | undefined {
  const segment = url.pathname.split('/').filter(Boolean).at(-1);
  return segment ? lastPathPart(safeDecode(segment)) : undefined;
}

function lastPathPart(name: string): string | undefined {
  const part = name.split(/[\\/]/).at(-1)?.trim();
  return part && part !== '.' && part !== '..' ? part : undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** IPv4 ranges a download must never reach: this network, private, CGNAT, loopback, link-local, IETF, documentation, 6to4 relay, benchmarking, multicast, reserved. */
const BLOCKED_IPV4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/** IPv6 ranges: unspecified, loopback and IPv4-compatible, local-use NAT64, discard, Teredo, benchmarking, documentation, unique local, link-local, site-local, multicast. */
const BLOCKED_IPV6: readonly [string, number][] = [
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:2::', 48],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

/**
 * Every blocked range in one list. BlockList matches an IPv4-mapped address (`::ffff:a.b.c.d`)
 * against the IPv4 rules itself; NAT64 (`64:ff9b::/96`, the IPv4 address in the last 32 bits)
 * and 6to4 (`2002::/16`, in the 32 bits after the prefix) carry an IPv4 address that decides
 * where the packet really goes, so each IPv4 range is blocked in those two forms as well.
 */
const blockedRanges = new BlockList();
for (const [base, bits] of BLOCKED_IPV4) {
  blockedRanges.addSubnet(base, bits, 'ipv4');
  blockedRanges.addSubnet(`64:ff9b::${base}`, 96 + bits, 'ipv6');
  blockedRanges.addSubnet(`2002:${hexGroups(base)}::`, 16 + bits, 'ipv6');
}
for (const [base, bits] of BLOCKED_IPV6) blockedRanges.addSubnet(base, bits, 'ipv6');

/** An IPv4 address as the two IPv6 groups that spell it (`10.1.2.3` → `a01:203`). */
function hexGroups(ipv4: string): string {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return `${(a * 256 + b).toString(16)}:${(c * 256 + d).toString(16)}`;
}

/**
 * True for addresses a download must never reach (the ranges above, and IPv6 forms that
 * embed such an IPv4 address). Anything that is not a valid IP counts as private, so a
 * surprise fails closed.
 */
export function isPrivateAddress(ip: string): boolean {
  const address = ip.split('%')[0] ?? '';
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  return family === null || blockedRanges.check(address, family);
}
