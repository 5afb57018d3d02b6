/**
 * How much of a page load's main-thread time was the page's own work: the renderer's top-level
 * tasks from a trace of one load at Lighthouse's phone viewport, as wall time (what Lighthouse
 * observes and multiplies) and as thread time (what the CPU actually spent on the page). On a busy
 * machine the gap between the two is time the renderer waited for a core.
 */
import type { Browser } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; beginData?: { url?: string } };
}

export interface MainThreadTime {
  wallMs: number;
  cpuMs: number;
}

export async function mainThreadTime(browser: Browser, url: string): Promise<MainThreadTime> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: TraceEvent[];
    };
    // The page's renderer is the one that parsed its HTML.
    const parse = traceEvents.find(
      (event) => event.name === 'ParseHTML' && event.args?.beginData?.url === url,
    );
    if (!parse) throw new Error(`no HTML parsing of ${url} in the trace`);
    const tasks = traceEvents.filter(
      (event) =>
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        event.pid === parse.pid &&
        event.tid === parse.tid,
    );
    const sum = (key: 'dur' | 'tdur') =>
      Math.round(tasks.reduce((total, task) => total + (task[key] ?? 0), 0) / 1000);
    return { wallMs: sum('dur'), cpuMs: sum('tdur') };
  } finally {
    await context.close();
  }
}
