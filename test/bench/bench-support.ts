import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP port free on loopback right now, for a throw-away server of one benchmark. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
