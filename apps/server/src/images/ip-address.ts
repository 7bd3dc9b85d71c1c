import { isIP } from 'node:net';

/**
 * Which IP addresses a server-side fetch may connect to. Anything that reaches the machine itself,
 * its private networks, or a cloud metadata service is refused: loopback, private (RFC 1918),
 * carrier-grade NAT, link-local (incl. 169.254.169.254), multicast, unspecified, reserved and
 * documentation ranges, and their IPv6 equivalents. IPv6 forms that carry an IPv4 address
 * (IPv4-mapped, NAT64, 6to4) are judged by that IPv4 address.
 */

/** [first octets as a 32-bit number, prefix length] */
const BLOCKED_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba Cloud metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
  ['168.63.129.16', 32], // Azure host/metadata endpoint
];

function v4ToNumber(bytes: readonly number[]): number {
  return ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
}

const BLOCKED_V4_RANGES = BLOCKED_V4.map(([base, prefix]) => {
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return { network: (v4ToNumber(base.split('.').map(Number)) & mask) >>> 0, mask };
});

function parseV4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : Number.NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : null;
}

/** The 16 bytes of an IPv6 address (zone id dropped), or null when it is not one. */
export function parseV6(input: string): number[] | null {
  const address = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(address) !== 6) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (const [index, part] of parts.entries()) {
      if (part.includes('.')) {
        if (index !== parts.length - 1) return null;
        const v4 = parseV4(part);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(part)) return null;
        out.push(parseInt(part, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const all = [...head, ...new Array<number>(fill).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

function isPublicV4(bytes: readonly number[]): boolean {
  const value = v4ToNumber(bytes);
  return !BLOCKED_V4_RANGES.some(({ network, mask }) => (value & mask) >>> 0 === network);
}

function startsWith(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const index = bit / 8;
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[index]! & mask) !== (prefix[index]! & mask)) return false;
  }
  return true;
}

function isPublicV6(bytes: readonly number[]): boolean {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (IPv4-mapped): the connection goes to the IPv4 address.
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicV4(bytes.slice(12));
  // 64:ff9b::/96 well-known NAT64 prefix: judged by the embedded IPv4 address.
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96)) return isPublicV4(bytes.slice(12));
  // ::/96 (unspecified, loopback, deprecated IPv4-compatible), local-use NAT64 and the rest of ::/8.
  if (bytes[0] === 0) return false;
  // 2002::/16 6to4: the IPv4 address sits in bits 16–47.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isPublicV4(bytes.slice(2, 6));
  // Only global unicast (2000::/3) is reachable; this leaves out fc00::/7 (unique local, incl. AWS
  // metadata fd00:ec2::254), fe80::/10 (link-local), fec0::/10, ff00::/8 (multicast), 100::/64 …
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  // 2001::/23 IETF special purpose (Teredo, benchmarking, ORCHID) and 2001:db8::/32, 3fff::/20 documentation.
  if (startsWith(bytes, [0x20, 0x01, 0x00], 23)) return false;
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return false;
  if (startsWith(bytes, [0x3f, 0xff, 0x00], 20)) return false;
  return true;
}

/** True when a server-side fetch may connect to this literal IPv4 or IPv6 address. */
export function isPublicAddress(address: string): boolean {
  const v4 = isIP(address) === 4 ? parseV4(address) : null;
  if (v4) return isPublicV4(v4);
  const v6 = parseV6(address);
  return v6 ? isPublicV6(v6) : false;
}
