// Outbound HTTP to caller-chosen URLs (file_url, auth_url, auth_token_url, callback_url).
// Every hop is resolved, every resolved address is checked, and the connection is pinned to the
// checked address so a second DNS answer (rebinding) can never reach an internal host.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

export const SAFE_FETCH_DEFAULTS = {
  /** TCP connect (per hop). A healthy host answers SYN in well under a second. */
  connectTimeoutMs: 5_000,
  /** Whole operation: DNS, every redirect hop, TLS, headers and body. */
  totalTimeoutMs: 30_000,
  /** Documents are phone photos and scanned PDFs; 15 MB is above what OCR can use anyway. */
  maxBytes: 15 * 1024 * 1024,
  maxRedirects: 3,
} as const;

export type SafeFetchErrorCode =
  | 'INVALID_URL'
  | 'SCHEME_NOT_ALLOWED'
  | 'ADDRESS_NOT_ALLOWED'
  | 'DNS_FAILED'
  | 'TOO_MANY_REDIRECTS'
  | 'REDIRECT_NOT_FOLLOWED'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'HTTP_STATUS'
  | 'CONNECTION_FAILED';

/** Step Functions Retry rules match on these names (Lambda reports `error.name` as errorType). */
type SafeFetchErrorName = 'TransientFetchError' | 'FetchRejectedError';

export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  /** True when trying again later may succeed (timeouts, resets, 5xx, 429, DNS EAI_AGAIN). */
  readonly transient: boolean;
  /** HTTP status for HTTP_STATUS errors, and of the answer that was too large for TOO_LARGE. */
  readonly status?: number;
  /** Low-level error code (ECONNREFUSED, ENOTFOUND, …); never the low-level message. */
  readonly causeCode?: string;

  constructor(code: SafeFetchErrorCode, message: string, extra: { transient?: boolean; status?: number; causeCode?: string } = {}) {
    super(message);
    this.code = code;
    this.status = extra.status;
    this.causeCode = extra.causeCode;
    this.transient = extra.transient ?? (code === 'TIMEOUT' || code === 'CONNECTION_FAILED');
    this.name = (this.transient ? 'TransientFetchError' : 'FetchRejectedError') satisfies SafeFetchErrorName;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses. Injectable so tests can stage any DNS answer. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Raw request body (POST). Sent byte-for-byte, so signatures over it stay valid. */
  body?: string | Buffer;
  /** Serialised as the body with Content-Type application/json (POST). Ignored when `body` is set. */
  json?: unknown;
  /** Opens ONLY loopback (127.0.0.0/8, ::1) for local mode and tests; never private or link-local. */
  allowLoopback?: boolean;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * False: a 3xx answer is a failure (REDIRECT_NOT_FOLLOWED). Callbacks use it: a 307/308 would
   * re-send their body (personal data) to wherever the receiver points.
   */
  followRedirects?: boolean;
  /**
   * Only https:// is fetched; plain http only to a loopback address while `allowLoopback` is on
   * (the local setting). Callbacks use it: their bodies carry personal data.
   */
  httpsOnly?: boolean;
  lookup?: LookupAll;
  /** Extra trust roots for TLS (tests and private deployments); default system roots. */
  ca?: string | Buffer;
}

export interface SafeFetchResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). May carry secrets: never log it, use `describeUrl`. */
  finalUrl: string;
  redirects: number;
  /** The checked IP the final connection went to. */
  remoteAddress: string;
}

// ---------------------------------------------------------------------------------------------
// Address policy
// ---------------------------------------------------------------------------------------------

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'cgnat'
  | 'this-network'
  | 'multicast'
  | 'reserved';

// First match wins: the metadata hosts sit inside wider ranges and are named on their own.
const IPV4_RULES: ReadonlyArray<readonly [cidr: string, kind: AddressKind]> = [
  ['169.254.169.254/32', 'metadata'],
  ['0.0.0.0/8', 'this-network'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // TEST-NET-1
  ['192.88.99.0/24', 'reserved'], // 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'reserved'], // TEST-NET-2
  ['203.0.113.0/24', 'reserved'], // TEST-NET-3
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'], // includes 255.255.255.255
];

// IPv6 prefixes that carry an IPv4 address inside: judged by the embedded IPv4 address, so
// ::ffff:127.0.0.1, 64:ff9b::a9fe:a9fe and 2002:7f00:1:: are whatever their IPv4 part is.
const IPV6_EMBEDDED: ReadonlyArray<readonly [cidr: string, extract: (v: bigint) => number]> = [
  ['::ffff:0:0/96', (v) => Number(v & 0xffff_ffffn)], // IPv4-mapped
  ['64:ff9b::/96', (v) => Number(v & 0xffff_ffffn)], // NAT64 well-known prefix
  ['2002::/16', (v) => Number((v >> 80n) & 0xffff_ffffn)], // 6to4
];

const IPV6_RULES: ReadonlyArray<readonly [cidr: string, kind: AddressKind]> = [
  ['fd00:ec2::254/128', 'metadata'], // EC2 instance metadata over IPv6
  ['::/128', 'this-network'],
  ['::1/128', 'loopback'],
  ['::/8', 'reserved'], // includes deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::/48', 'reserved'], // local-use NAT64
  ['100::/64', 'reserved'], // discard-only
  ['2001:db8::/32', 'reserved'], // documentation
  ['2001::/23', 'reserved'], // IETF protocol assignments incl. Teredo
  ['3fff::/20', 'reserved'], // documentation (2024)
  ['fc00::/7', 'private'], // unique local
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'private'], // deprecated site-local
  ['ff00::/8', 'multicast'],
];

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function ipv6ToBigInt(input: string): bigint {
  let ip = input.split('%')[0]; // zone id (fe80::1%eth0) does not change the class
  // A trailing dotted quad (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (dotted) {
    const n = ipv4ToNumber(dotted[1]);
    ip = ip.slice(0, dotted.index) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(missing).fill('0'), ...tailGroups];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

type Matcher<T> = { value: bigint; mask: bigint; payload: T };

function compile<T>(rules: ReadonlyArray<readonly [string, T]>, family: 4 | 6): Matcher<T>[] {
  const bits = family === 4 ? 32 : 128;
  const all = (1n << BigInt(bits)) - 1n;
  return rules.map(([cidr, payload]) => {
    const [addr, len] = cidr.split('/');
    const prefix = BigInt(Number(len));
    const mask = prefix === 0n ? 0n : (all >> (BigInt(bits) - prefix)) << (BigInt(bits) - prefix);
    const value = family === 4 ? BigInt(ipv4ToNumber(addr)) : ipv6ToBigInt(addr);
    return { value: value & mask, mask, payload };
  });
}

const V4 = compile(IPV4_RULES, 4);
const V6 = compile(IPV6_RULES, 6);
const V6_EMBEDDED = compile(IPV6_EMBEDDED, 6);
const GLOBAL_UNICAST_V6 = compile([['2000::/3', true]], 6)[0];

function classifyIPv4Number(n: number): AddressKind {
  const v = BigInt(n >>> 0);
  return V4.find((m) => (v & m.mask) === m.value)?.payload ?? 'public';
}

/** Classifies an IP literal (v4 or v6). Anything that is not an IP literal is 'reserved'. */
export function classifyAddress(ip: string): AddressKind {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const family = isIP(bare.split('%')[0]);
  if (family === 4) return classifyIPv4Number(ipv4ToNumber(bare));
  if (family !== 6) return 'reserved';
  const v = ipv6ToBigInt(bare);
  const embedded = V6_EMBEDDED.find((m) => (v & m.mask) === m.value);
  if (embedded) return classifyIPv4Number(embedded.payload(v));
  const rule = V6.find((m) => (v & m.mask) === m.value);
  if (rule) return rule.payload;
  // Only 2000::/3 is allocated global unicast; everything else is unassigned.
  return (v & GLOBAL_UNICAST_V6.mask) === GLOBAL_UNICAST_V6.value ? 'public' : 'reserved';
}

export function isAddressAllowed(ip: string, allowLoopback = false): boolean {
  const kind = classifyAddress(ip);
  return kind === 'public' || (allowLoopback && kind === 'loopback');
}

// ---------------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------------

/** scheme + host + path: the only form of a URL that may appear in logs and error messages. */
export function describeUrl(url: string | URL): string {
  try {
    const u = typeof url === 'string' ? new URL(url) : url;
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '<invalid url>';
  }
}

function parseTarget(input: string | URL): URL {
  let u: URL;
  try {
    u = typeof input === 'string' ? new URL(input) : input;
  } catch {
    throw new SafeFetchError('INVALID_URL', 'URL is not valid');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    // Only the scheme: the rest of a non-http URL may still carry secrets.
    throw new SafeFetchError('SCHEME_NOT_ALLOWED', `scheme ${u.protocol} is not allowed (http and https only)`);
  }
  if (u.username || u.password) {
    // Credentials in URLs end up in logs and proxies; callbacks authenticate through auth_url.
    throw new SafeFetchError('INVALID_URL', `credentials in URL are not accepted: ${describeUrl(u)}`);
  }
  if (!u.hostname) throw new SafeFetchError('INVALID_URL', 'URL has no host');
  return u;
}

// ---------------------------------------------------------------------------------------------
// Resolution and checks
// ---------------------------------------------------------------------------------------------

const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

async function resolveChecked(u: URL, allowLoopback: boolean, lookup: LookupAll): Promise<ResolvedAddress> {
  const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  let addresses: ResolvedAddress[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host);
    } catch (err) {
      const causeCode = (err as NodeJS.ErrnoException)?.code;
      throw new SafeFetchError('DNS_FAILED', `could not resolve host of ${describeUrl(u)}${causeCode ? ` (${causeCode})` : ''}`, {
        transient: causeCode === 'EAI_AGAIN',
        causeCode,
      });
    }
    if (addresses.length === 0) throw new SafeFetchError('DNS_FAILED', `host of ${describeUrl(u)} has no addresses`);
  }
  // Every answer must pass: a name that mixes public and internal addresses is refused outright.
  for (const a of addresses) {
    if (!isAddressAllowed(a.address, allowLoopback)) {
      throw new SafeFetchError(
        'ADDRESS_NOT_ALLOWED',
        `${describeUrl(u)} resolves to a ${classifyAddress(a.address)} address, which is not allowed`,
      );
    }
  }
  return addresses[0];
}

/** A `lookup` for http(s).request that can only ever answer the address we already checked. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

// ---------------------------------------------------------------------------------------------
// One hop
// ---------------------------------------------------------------------------------------------

interface Hop {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer;
}

function connectionError(u: URL, err: unknown): SafeFetchError {
  const causeCode = (err as NodeJS.ErrnoException)?.code;
  return new SafeFetchError('CONNECTION_FAILED', `request to ${describeUrl(u)} failed${causeCode ? ` (${causeCode})` : ''}`, {
    causeCode,
  });
}

function sendOnce(hop: Hop, pinned: ResolvedAddress, o: Resolved, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const u = hop.url;
    const isHttps = u.protocol === 'https:';
    const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
    const headers: Record<string, string> = { ...hop.headers, host: u.host };
    if (hop.body) headers['content-length'] = String(hop.body.length);
    const options: https.RequestOptions = {
      method: hop.method,
      host,
      port: u.port || (isHttps ? 443 : 80),
      path: `${u.pathname}${u.search}`,
      headers,
      lookup: pinnedLookup(pinned),
      agent: false, // a fresh socket per hop: no pooled connection outlives its check
      signal,
    };
    if (isHttps) {
      if (!isIP(host)) options.servername = host; // SNI and certificate name stay the host name
      if (o.ca) options.ca = o.ca;
    }
    const req = (isHttps ? https : http).request(options);
    let connectTimer: NodeJS.Timeout | undefined;
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(() => {
        req.destroy(new SafeFetchError('TIMEOUT', `connecting to ${describeUrl(u)} timed out after ${o.connectTimeoutMs} ms`));
      }, o.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(connectTimer));
    });
    req.on('response', (res) => {
      clearTimeout(connectTimer);
      resolve(res);
    });
    req.on('error', (err) => {
      clearTimeout(connectTimer);
      reject(err instanceof SafeFetchError ? err : connectionError(u, err));
    });
    req.end(hop.body);
  });
}

async function readCapped(res: http.IncomingMessage, u: URL, maxBytes: number): Promise<Buffer> {
  const status = res.statusCode;
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new SafeFetchError('TOO_LARGE', `${describeUrl(u)} declares ${declared} bytes, above the ${maxBytes} byte limit`, { status });
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) {
        res.destroy();
        throw new SafeFetchError('TOO_LARGE', `${describeUrl(u)} sent more than the ${maxBytes} byte limit`, { status });
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof SafeFetchError) throw err;
    throw connectionError(u, err);
  }
  return Buffer.concat(chunks, total);
}

// ---------------------------------------------------------------------------------------------
// safeFetch
// ---------------------------------------------------------------------------------------------

type Resolved = Required<Omit<SafeFetchOptions, 'body' | 'json' | 'ca' | 'headers' | 'method'>> & { ca?: string | Buffer };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function initialHop(url: URL, opts: SafeFetchOptions): Hop {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { 'user-agent': 'docstream/1', accept: '*/*' };
  for (const [k, v] of Object.entries(opts.headers ?? {})) headers[k.toLowerCase()] = v;
  let body: Buffer | undefined;
  if (method === 'POST') {
    if (opts.body !== undefined) body = Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body, 'utf8');
    else if (opts.json !== undefined) {
      body = Buffer.from(JSON.stringify(opts.json), 'utf8');
      headers['content-type'] ??= 'application/json';
    } else body = Buffer.alloc(0);
  }
  return { url, method, headers, body };
}

function nextHop(prev: Hop, status: number, location: URL): Hop {
  const headers = { ...prev.headers };
  if (location.origin !== prev.url.origin) {
    // Same rule as fetch: credentials never follow a redirect to another origin.
    delete headers.authorization;
    delete headers.cookie;
  }
  // 303 always, and 301/302 after POST (as browsers do), turn into a body-less GET.
  if (status === 303 || (prev.method === 'POST' && (status === 301 || status === 302))) {
    delete headers['content-type'];
    return { url: location, method: 'GET', headers };
  }
  return { url: location, method: prev.method, headers, body: prev.body };
}

function httpRefused(u: URL): SafeFetchError {
  return new SafeFetchError('SCHEME_NOT_ALLOWED', `${describeUrl(u)}: only https is allowed here (http only to loopback in local mode)`);
}

export async function safeFetch(url: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const o: Resolved = {
    allowLoopback: opts.allowLoopback ?? false,
    connectTimeoutMs: opts.connectTimeoutMs ?? SAFE_FETCH_DEFAULTS.connectTimeoutMs,
    totalTimeoutMs: opts.totalTimeoutMs ?? SAFE_FETCH_DEFAULTS.totalTimeoutMs,
    maxBytes: opts.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes,
    maxRedirects: opts.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects,
    followRedirects: opts.followRedirects ?? true,
    httpsOnly: opts.httpsOnly ?? false,
    lookup: opts.lookup ?? defaultLookup,
    ca: opts.ca,
  };
  let hop = initialHop(parseTarget(url), opts);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, o.totalTimeoutMs);
  const deadline = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () =>
      reject(new SafeFetchError('TIMEOUT', `${describeUrl(hop.url)} did not complete within ${o.totalTimeoutMs} ms`)),
    );
  });
  deadline.catch(() => undefined); // observed through the race below

  const run = async (): Promise<SafeFetchResult> => {
    for (let redirects = 0; ; redirects++) {
      const pinned = await resolveChecked(hop.url, o.allowLoopback, o.lookup);
      // After the address check, so an internal address reads as such; before any connection.
      if (o.httpsOnly && hop.url.protocol === 'http:' && !(o.allowLoopback && classifyAddress(pinned.address) === 'loopback')) throw httpRefused(hop.url);
      const res = await sendOnce(hop, pinned, o, controller.signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && !o.followRedirects) {
        res.destroy();
        throw new SafeFetchError('REDIRECT_NOT_FOLLOWED', `${describeUrl(hop.url)} answered HTTP ${status} (redirects are not followed)`, { status });
      }
      if (REDIRECTS.has(status) && location) {
        res.destroy();
        if (redirects >= o.maxRedirects) {
          throw new SafeFetchError('TOO_MANY_REDIRECTS', `${describeUrl(hop.url)} redirected more than ${o.maxRedirects} times`);
        }
        let next: URL;
        try {
          next = new URL(location, hop.url);
        } catch {
          throw new SafeFetchError('INVALID_URL', `${describeUrl(hop.url)} redirected to an invalid URL`);
        }
        hop = nextHop(hop, status, parseTarget(next));
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new SafeFetchError('HTTP_STATUS', `${describeUrl(hop.url)} answered HTTP ${status}`, {
          status,
          transient: status >= 500 || status === 429 || status === 408,
        });
      }
      const body = await readCapped(res, hop.url, o.maxBytes);
      return { status, headers: res.headers, body, finalUrl: hop.url.href, redirects, remoteAddress: pinned.address };
    }
  };

  try {
    return await Promise.race([run(), deadline]);
  } catch (err) {
    if (timedOut) throw new SafeFetchError('TIMEOUT', `${describeUrl(hop.url)} did not complete within ${o.totalTimeoutMs} ms`);
    if (err instanceof SafeFetchError) throw err;
    throw connectionError(hop.url, err);
  } finally {
    clearTimeout(timer);
    controller.abort(); // releases any socket still open after an early error
  }
}
