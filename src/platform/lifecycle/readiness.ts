/**
 * Whether this instance should be sent traffic: not until it serves, and not from the moment it
 * is asked to stop (SIGTERM), while the requests it has finish. One per process: the server's
 * start and stop (main.ts) set it, GET /api/health/ready tells it.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

class Readiness {
  state: ReadinessState = 'starting';

  get ready(): boolean {
    return this.state === 'ready';
  }
}

export const readiness = new Readiness();
