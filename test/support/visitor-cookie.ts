import type { Request, Response } from 'express';
import type request from 'supertest';
import { VisitorCookie } from '#src/modules/visualizer/limits/visitor-cookie.js';
import type { RunningApp } from './test-app.js';

/** The `visitor=…` pair a visualizer answer set, to send back as the same browser would. */
export function visitorCookie(response: request.Response): string {
  const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = header.find((value) => value.startsWith('visitor='));
  if (!cookie) throw new Error('no visitor cookie was set');
  return cookie.split(';')[0];
}

/** The visitor id a signed visitor cookie carries. */
export function visitorIdOf(cookie: string): string {
  return decodeURIComponent(cookie.slice('visitor='.length)).split('.')[0];
}

/** A visitor cookie as the visualizer issues it (`visitor=<id>.<signature>`), and its id. */
export function issueVisitorCookie(testApp: RunningApp): { cookie: string; visitorId: string } {
  let value = '';
  const visitorId = testApp.app
    .get(VisitorCookie)
    .ensure(
      { headers: {}, secure: false } as Request,
      { cookie: (_name: string, issued: string) => (value = issued) } as unknown as Response,
    );
  return { cookie: `visitor=${encodeURIComponent(value)}`, visitorId };
}
