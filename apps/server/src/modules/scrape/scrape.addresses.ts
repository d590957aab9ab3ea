import { BlockList, isIPv4 } from 'node:net';

/** Decides which resolved addresses the scraper may connect to. */
export interface AddressPolicy {
  isAllowed(address: string, family: 4 | 6): boolean;
}

/*
 * Everything that is not the public internet: loopback, private networks, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, documentation and benchmark ranges, multicast and reserved space.
 * A user-supplied link must never make the server talk to its own network.
 */
const IPV4_BLOCKED: [string, number][] = [
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

const IPV6_BLOCKED: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  // NAT64 and 6to4 embed IPv4 addresses that could be private; a shop does not need them.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // IETF protocol assignments (Teredo included) and documentation.
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

function buildBlockList(): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of IPV4_BLOCKED) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of IPV6_BLOCKED) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

const blocked = buildBlockList();

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:127.0.0.1 or ::ffff:7f00:1), if it is one. */
function mappedIPv4(address: string): string | null {
  const match = /^::ffff:(.+)$/i.exec(address);
  if (!match) return null;
  const rest = match[1]!;
  if (isIPv4(rest)) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

export function isPublicAddress(address: string, family: 4 | 6): boolean {
  if (family === 6) {
    const v4 = mappedIPv4(address);
    if (v4 !== null) return !blocked.check(v4, 'ipv4');
    // Any other IPv6 form of "::ffff:0:0/96" is refused outright.
    if (/^::ffff:/i.test(address)) return false;
    return !blocked.check(address, 'ipv6');
  }
  return !blocked.check(address, 'ipv4');
}

/** The production policy: public internet addresses only. */
export const publicAddressesOnly: AddressPolicy = { isAllowed: isPublicAddress };

/** Every address, loopback included: only for tests and local e2e shops (`SCRAPER_ALLOW_PRIVATE`). */
export const anyAddress: AddressPolicy = { isAllowed: () => true };
