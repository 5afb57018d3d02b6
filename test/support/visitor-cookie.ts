import type request from 'supertest';

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
