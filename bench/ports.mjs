// A TCP port free on 127.0.0.1 right now, chosen by the kernel. A random port could be one that a
// previous section's client sockets still hold (fan-out leaves 10,000 of them closing).
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
