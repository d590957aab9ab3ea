import ipaddr from 'ipaddr.js';

/** Decides which resolved addresses the scraper may connect to. */
export interface AddressPolicy {
  isAllowed(address: string, family: 4 | 6): boolean;
}

/*
 * Only global unicast addresses: a user-supplied link must never make the server talk to its own network
 * (loopback, private networks, link-local with cloud metadata at 169.254.169.254, carrier-grade NAT,
 * unique-local), nor to multicast, documentation, benchmarking or reserved space. ipaddr.js names those
 * ranges; what it calls 'unicast' is what is left.
 *
 * IPv6 spells IPv4 addresses in several ways, and each could reach a private IPv4 host:
 * - IPv4-mapped (::ffff:a.b.c.d, also written ::ffff:7f00:1): the IPv4 address inside is what a dual-stack
 *   socket connects to, so that address is classified instead.
 * - IPv4-compatible (::a.b.c.d; `http://[::127.0.0.1]` is parsed as ::7f00:1), deprecated since 2006, and
 *   the translated form ::ffff:0:a.b.c.d: refused.
 * - NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32): a gateway would forward
 *   to the IPv4 address inside. Refused; a shop is reachable over plain IPv4 or IPv6.
 * Everything outside 2000::/3, the only block IANA hands out as global unicast, is refused too, so the
 * IPv4-compatible and NAT64 forms never count as 'unicast' however a library version names them.
 */
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

function isGlobalIPv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

function isGlobalIPv6(address: ipaddr.IPv6): boolean {
  // A zone names a local interface: never an address on the internet.
  if (address.zoneId) return false;
  if (address.isIPv4MappedAddress()) return isGlobalIPv4(address.toIPv4Address());
  return address.match(IPV6_GLOBAL_UNICAST) && address.range() === 'unicast';
}

/**
 * Whether `address` (as a resolver or a URL's host gives it) is a global unicast address. Anything that
 * does not parse as an address is refused. `family` is what the resolver said; the address's own form
 * decides.
 */
export function isPublicAddress(address: string, _family?: 4 | 6): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // Only the standard spellings: '0177.0.0.1' or '2130706433' never come from a resolver or a URL parser,
    // and ipaddr.js would read them in its own way.
    if (ipaddr.IPv4.isValidFourPartDecimal(address)) parsed = ipaddr.IPv4.parse(address);
    else if (ipaddr.IPv6.isValid(address)) parsed = ipaddr.IPv6.parse(address);
    else return false;
  } catch {
    return false;
  }
  return parsed.kind() === 'ipv4' ? isGlobalIPv4(parsed as ipaddr.IPv4) : isGlobalIPv6(parsed as ipaddr.IPv6);
}

/** The production policy: public internet addresses only. */
export const publicAddressesOnly: AddressPolicy = { isAllowed: (address) => isPublicAddress(address) };

/** Every address, loopback included: only for tests and local e2e shops (`SCRAPER_ALLOW_PRIVATE`). */
export const anyAddress: AddressPolicy = { isAllowed: () => true };
