import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.js';

/**
 * The scrape endpoint on a listener of its own (`METRICS_PORT`), apart from the public port, so
 * what an operator's Prometheus reads is never reachable through the load balancer.
 */
export async function startMetricsServer(
  metrics: Metrics,
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.contentType }).end(text),
      (error: Error) =>
        response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((listening, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      listening();
    });
  });
  return server;
}

export function stopMetricsServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}
