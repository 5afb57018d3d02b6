import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now, as the system hands one out. */
export function freeLoopbackPort(): Promise<number> {
  return listenOnce(0).then((port) => port ?? Promise.reject(new Error('no free port')));
}

/** Whether something already listens on this port of 127.0.0.1. */
export async function isLoopbackPortTaken(port: number): Promise<boolean> {
  return (await listenOnce(port)) === undefined;
}

/** Binds the port and lets it go at once: its number, or undefined when it is in use. */
function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error),
    );
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const { port: bound } = probe.address() as { port: number };
      probe.close(() => resolve(bound));
    });
  });
}
