/**
 * Whether this instance should be sent traffic: not until it serves, and not from the moment it
 * is asked to stop (SIGTERM), while the requests it has finish. One per process: the server's
 * start and stop (main.ts) set it, GET /api/health/ready tells it.
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

class Readiness {
  private current: ReadinessState = 'starting';
  private readonly drainListeners = new Set<() => void>();

  get state(): ReadinessState {
    return this.current;
  }

  set state(next: ReadinessState) {
    const drainingNow = next === 'draining' && this.current !== 'draining';
    this.current = next;
    if (drainingNow) for (const listener of [...this.drainListeners]) listener();
  }

  get ready(): boolean {
    return this.current === 'ready';
  }

  /**
   * Called when the instance starts draining: what never finishes by itself (a live stream) ends
   * then, so its client reconnects to an instance that stays. Answers a function that unsubscribes.
   */
  onDraining(listener: () => void): () => void {
    this.drainListeners.add(listener);
    return () => this.drainListeners.delete(listener);
  }
}

export const readiness = new Readiness();
