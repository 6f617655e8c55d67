import { readFile } from 'node:fs/promises';
import { BlockList, isIP } from 'node:net';
import { INDIAN_STATE_ALIASES, INDIAN_STATES, type IndianStateCode } from '@spm/contract';

/**
 * Where a client address is: the operator's file of IP ranges (GEOIP_FILE, docs/regions.md).
 * No database ships in a registry package we may use, and nothing is fetched at run time, so
 * the operator downloads one under its own licence (DB-IP or IP2Location LITE) and points the
 * server at it. Each line is a range `start,end,country[,state]` (GEOIP_FORMAT=ranges) or a
 * DB-IP "IP to City Lite" line (GEOIP_FORMAT=dbip-city: start, end, continent, country, state,
 * city, ...). Loopback, private and link-local addresses are never placed (unknown).
 */

export type GeoFormat = 'ranges' | 'dbip-city';

export interface GeoPlace {
  country: string;
  state: IndianStateCode | null;
}

interface Range {
  start: bigint;
  end: bigint;
  place: GeoPlace;
}

export interface GeoTable {
  file: string;
  ranges: number;
  loadedAt: Date;
  lookup: (ip: string) => GeoPlace | null;
}

/** Addresses that say nothing about where a visitor is. */
const LOCAL = new BlockList();
LOCAL.addSubnet('0.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('10.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('100.64.0.0', 10, 'ipv4');
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LOCAL.addSubnet('172.16.0.0', 12, 'ipv4');
LOCAL.addSubnet('192.168.0.0', 16, 'ipv4');
LOCAL.addAddress('::', 'ipv6');
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addSubnet('fc00::', 7, 'ipv6');
LOCAL.addSubnet('fe80::', 10, 'ipv6');

/** State names some files use for a code, beside the names of INDIAN_STATES. */
const STATE_NAME_ALIASES: Readonly<Record<string, IndianStateCode>> = {
  orissa: 'OD',
  pondicherry: 'PY',
  uttaranchal: 'UK',
  'nct of delhi': 'DL',
  'national capital territory of delhi': 'DL',
  'dadra and nagar haveli': 'DH',
  'daman and diu': 'DH',
  'andaman and nicobar': 'AN',
};
const STATE_BY_NAME = new Map<string, IndianStateCode>([
  ...Object.entries(INDIAN_STATES).map(
    ([code, name]) => [name.toLowerCase(), code as IndianStateCode] as const,
  ),
  ...Object.entries(STATE_NAME_ALIASES),
]);

/** A state column's code or English name as an ISO 3166-2:IN code (without `IN-`). */
export function indianStateOf(value: string): IndianStateCode | null {
  const trimmed = value.trim().replace(/^IN-/i, '');
  const upper = trimmed.toUpperCase();
  if (upper in INDIAN_STATES) return upper as IndianStateCode;
  if (upper in INDIAN_STATE_ALIASES) return INDIAN_STATE_ALIASES[upper] ?? null;
  return STATE_BY_NAME.get(trimmed.toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ')) ?? null;
}

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as dual-stack sockets report) as IPv4. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

function ipv4ToBigInt(ip: string): bigint {
  return ip.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6ToBigInt(ip: string): bigint {
  let text = ip;
  const embedded = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (embedded?.[1]) {
    const v4 = ipv4ToBigInt(embedded[1]);
    text = `${text.slice(0, -embedded[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [
    ...headParts,
    ...Array<string>(tail === undefined ? 0 : missing).fill('0'),
    ...tailParts,
  ];
  return parts.reduce((value, part) => (value << 16n) | BigInt(parseInt(part, 16)), 0n);
}

/** The address as a number in its family's space, or null when it is not an address. */
function addressKey(ip: string): { family: 4 | 6; value: bigint } | null {
  const family = isIP(ip);
  if (family === 4) return { family, value: ipv4ToBigInt(ip) };
  if (family === 6) return { family, value: ipv6ToBigInt(ip) };
  return null;
}

export function isLocalAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return true;
  return LOCAL.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** One CSV line's fields; double quotes around a field (with "" inside) are read as CSV does. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields;
}

const COLUMNS: Record<GeoFormat, { country: number; state: number }> = {
  ranges: { country: 2, state: 3 },
  'dbip-city': { country: 3, state: 4 },
};

/**
 * The file's ranges, sorted for binary search. Blank lines, `#` comments and a header (a line
 * whose first field is no address) are skipped; any other line that cannot be read stops the
 * load with its line number, so a broken file is not taken for an empty one.
 */
export function parseGeoCsv(text: string, format: GeoFormat): { v4: Range[]; v6: Range[] } {
  const v4: Range[] = [];
  const v6: Range[] = [];
  const columns = COLUMNS[format];
  const lines = text.split(/\r?\n/);
  let first = true;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const fields = csvFields(line);
    const start = addressKey(normaliseIp(fields[0]?.trim() ?? ''));
    const end = addressKey(normaliseIp(fields[1]?.trim() ?? ''));
    const header = first && start === null;
    first = false;
    if (header) return;
    const country = (fields[columns.country] ?? '').trim().toUpperCase();
    if (!start || !end || start.family !== end.family || !/^[A-Z]{2}$/.test(country)) {
      throw new Error(
        `GEOIP_FILE line ${index + 1} is not start,end,country: ${line.slice(0, 80)}`,
      );
    }
    const stateText = fields[columns.state] ?? '';
    const state = country === 'IN' && stateText ? indianStateOf(stateText) : null;
    const range = { start: start.value, end: end.value, place: { country, state } };
    (start.family === 4 ? v4 : v6).push(range);
  });
  const byStart = (a: Range, b: Range) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0);
  v4.sort(byStart);
  v6.sort(byStart);
  return { v4, v6 };
}

function find(ranges: Range[], value: bigint): GeoPlace | null {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = ranges[middle] as Range;
    if (value < range.start) high = middle - 1;
    else if (value > range.end) low = middle + 1;
    else return range.place;
  }
  return null;
}

export function geoTableOf(
  file: string,
  parsed: { v4: Range[]; v6: Range[] },
  loadedAt: Date,
): GeoTable {
  return {
    file,
    ranges: parsed.v4.length + parsed.v6.length,
    loadedAt,
    lookup: (ip) => {
      const normal = normaliseIp(ip);
      if (isLocalAddress(normal)) return null;
      const key = addressKey(normal);
      if (!key) return null;
      return find(key.family === 4 ? parsed.v4 : parsed.v6, key.value);
    },
  };
}

export async function loadGeoFile(file: string, format: GeoFormat, now: Date): Promise<GeoTable> {
  const text = await readFile(file, 'utf8');
  return geoTableOf(file, parseGeoCsv(text, format), now);
}
