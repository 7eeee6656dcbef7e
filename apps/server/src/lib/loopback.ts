import { isIP } from 'node:net';

/** A client address of this machine ('127.x.y.z', '::1', and IPv4 loopback mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/** Whether a listening address ('0.0.0.0', '::', '127.0.0.1', 'localhost'...) is this machine's only. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host.replace(/^\[|\]$/g, ''));
}
