import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * IPv6's deprecated IPv4-compatible addresses (`::a.b.c.d`, RFC 4291 2.5.5.1): no public host has
 * one, and ipaddr.js counts them as unicast.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Where a webhook may not go (docs/integrations.md, "Addresses"): anything but a public unicast
 * address, so a hook cannot reach evfleet's own machine, its network or a cloud's metadata service.
 * An IPv4 address written in IPv6 is judged as the IPv4 address it is.
 */
export function isRefusedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.match(IPV4_COMPATIBLE)) return true;
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
  }
  return ip.range() !== 'unicast';
}

/** The host of a URL as an IP address, when it is written as one (in any spelling the URL parser accepts). */
export function literalAddress(url: string): string | null {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  return ipaddr.isValid(host) ? host : null;
}

/** Whether a hook's URL names a refused address outright (names are judged at each delivery). */
export const hasRefusedLiteral = (url: string) => {
  const address = literalAddress(url);
  return address !== null && isRefusedAddress(address);
};

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node's HTTP client that resolves a name and refuses it when any of its addresses is
 * refused: the connection goes to the addresses checked here, so a name cannot change its answer
 * between the check and the connection.
 */
export function refusingLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => isRefusedAddress(a.address));
    if (refused) {
      const error: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to ${refused.address}, a loopback, link-local or private address`,
      );
      error.code = 'EADDRREFUSED';
      return callback(error, []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
