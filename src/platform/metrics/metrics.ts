import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/** One value of a gauge read when scraped; labels only for a gauge declared with label names. */
export interface Reading {
  labels?: Record<string, string>;
  value: number;
}

export type Read = () => Promise<number | Reading[]> | number | Reading[];

/**
 * This instance's Prometheus registry. Modules add the gauges of what they own; each gauge is
 * read when scraped, so nothing is counted between scrapes. Served only on `METRICS_PORT`
 * (metrics-server.ts), never on the public port.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * A gauge whose value `read` gives at each scrape. A read that fails (the database is down)
   * shows NaN for an unlabelled gauge and no series for a labelled one, and the rest of the
   * scrape still answers.
   */
  gauge(name: string, help: string, read: Read, labelNames: string[] = []): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        let value: number | Reading[];
        try {
          value = await read();
        } catch {
          this.reset();
          if (labelNames.length === 0) this.set(Number.NaN);
          return;
        }
        this.reset();
        if (typeof value === 'number') this.set(value);
        else for (const reading of value) this.set(reading.labels ?? {}, reading.value);
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
