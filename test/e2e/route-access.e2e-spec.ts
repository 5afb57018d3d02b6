import { request as httpRequest } from 'node:http';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import request from 'supertest';
import {
  PUBLIC_ACCESS,
  ROLES_ACCESS,
  STAFF_ROLES,
  type StaffRole,
} from '#src/platform/http/access.decorators.js';
import { useTestApp } from '../support/app-fixture.js';
import type { RunningApp } from '../support/test-app.js';
import { bearer, logIn, signInAs, type SignedInStaff } from '../support/staff.js';

interface DeclaredRoute {
  method: string;
  path: string;
  isPublic: boolean;
  roles: StaffRole[] | undefined;
  name: string;
}

/**
 * Who may use which part of the admin API (docs/product.md#roles-and-permissions). A route under
 * one of these prefixes must declare exactly these roles; anything else is checked against what
 * it declares.
 */
const POLICY: [RegExp, StaffRole[]][] = [
  [/^\/api\/admin\/users(\/|$)/, ['admin']],
  [/backup/, ['admin']],
  [/^\/api\/admin\/privacy/, ['admin']],
  [/^\/api\/admin\/(activity|audit)/, ['admin', 'manager']],
  [/^\/api\/admin\/(analytics|reports)/, ['admin', 'manager']],
];

/** Express routes that are not Nest controllers, each public on purpose. */
const NON_CONTROLLER_ROUTES = [
  /^GET \/api\/docs/, // the OpenAPI description and its UI
  /^GET \{\*any\}$/, // prerendered pages, the admin's shell and the 404 page
];

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

function declaredRoutes(testApp: RunningApp): DeclaredRoute[] {
  const discovery = testApp.app.get(DiscoveryService);
  const scanner = testApp.app.get(MetadataScanner);
  const reflector = testApp.app.get(Reflector);
  const routes: DeclaredRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
    if (!controller) continue;
    const bases = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name] as () => unknown;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (paths === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      const targets = [handler, controller];
      for (const base of bases) {
        for (const path of [paths].flat()) {
          routes.push({
            method,
            path: joinPath(base, path),
            isPublic: reflector.getAllAndOverride<boolean>(PUBLIC_ACCESS, targets) === true,
            roles: reflector.getAllAndOverride<StaffRole[]>(ROLES_ACCESS, targets),
            name: `${controller.name}.${name}`,
          });
        }
      }
    }
  }
  return routes;
}

const concretePath = (path: string) =>
  path
    .replace(/:id\b/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:\w+/g, 'x')
    .replace(/\{[^}]*\}/g, 'x');

describe('Route access', () => {
  let routes: DeclaredRoute[];
  const staff = {} as Record<StaffRole, SignedInStaff>;

  const testApp = useTestApp();

  beforeAll(async () => {
    routes = declaredRoutes(testApp);
    for (const role of STAFF_ROLES) staff[role] = await signInAs(testApp, role);
  });

  it('should find every route the router serves', () => {
    const express = testApp.app.getHttpAdapter().getInstance();
    const served = (express.router.stack as { route?: { path: string; methods: object } }[])
      .filter((layer) => layer.route && Object.keys(layer.route.methods).length < 5)
      .flatMap((layer) =>
        Object.keys(layer.route!.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`),
      );
    const known = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const unexplained = served.filter(
      (route) => !known.has(route) && !NON_CONTROLLER_ROUTES.some((allowed) => allowed.test(route)),
    );
    expect(unexplained).toEqual([]);
    expect(routes.length).toBeGreaterThan(10);
  });

  it('should have every route declare @Public() or @Roles(...)', () => {
    const undeclared = routes
      .filter((r) => !r.isPublic && (!r.roles || r.roles.length === 0))
      .map((r) => `${r.method} ${r.path} (${r.name})`);
    expect(undeclared).toEqual([]);
    const both = routes.filter((r) => r.isPublic && r.roles).map((r) => `${r.method} ${r.path}`);
    expect(both).toEqual([]);
  });

  it('should have every admin route follow the role policy of the design', () => {
    const violations = routes.flatMap((r) => {
      const rule = POLICY.find(([pattern]) => pattern.test(r.path));
      if (rule && (r.isPublic || [...(r.roles ?? [])].sort().join() !== [...rule[1]].sort().join()))
        return [`${r.method} ${r.path} declares ${r.isPublic ? 'public' : r.roles} not ${rule[1]}`];
      if (r.path.startsWith('/api/admin') && r.isPublic) return [`${r.method} ${r.path} is public`];
      return [];
    });
    expect(violations).toEqual([]);
  });

  it('should answer every guarded route with 401 without a token or with a bad one', async () => {
    const api = request(testApp.baseUrl);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const call = () => api[route.method.toLowerCase() as 'get'](concretePath(route.path));
      const anonymous = await call();
      const forged = await call().set(bearer(`${staff.admin.token.slice(0, -4)}AAAA`));
      if (anonymous.status !== 401)
        wrong.push(`${route.method} ${route.path} anonymous ${anonymous.status}`);
      if (forged.status !== 401)
        wrong.push(`${route.method} ${route.path} bad token ${forged.status}`);
    }
    expect(wrong).toEqual([]);
  });

  /**
   * The status a staff member gets, read from the answer's head: the live stream's answer never
   * ends, so its body is not waited for.
   */
  const statusOf = (method: string, path: string, token: string) =>
    new Promise<number>((resolve, reject) => {
      const call = httpRequest(
        new URL(path, testApp.baseUrl),
        { method, headers: bearer(token) },
        (answer) => {
          resolve(answer.statusCode ?? 0);
          answer.destroy();
        },
      );
      call.on('error', reject);
      call.end();
    });

  it('should let exactly the allowed roles through every guarded route', async () => {
    const api = request(testApp.baseUrl);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      for (const role of STAFF_ROLES) {
        // Signing out would end the shared session: give that call a session of its own.
        const token =
          route.path === '/api/auth/logout'
            ? (await logIn(testApp, staff[role].member.email)).token
            : staff[role].token;
        const response = { status: await statusOf(route.method, concretePath(route.path), token) };
        const allowed = route.roles!.includes(role);
        const refused = response.status === 401 || response.status === 403;
        if (allowed === refused || (!allowed && response.status !== 403)) {
          wrong.push(`${route.method} ${route.path} as ${role}: ${response.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The shared sessions survived the sweep.
    for (const role of STAFF_ROLES) {
      await api.get('/api/auth/verify').set(bearer(staff[role].token)).expect(200);
    }
  });

  it('should never answer a public route with 401 or 403 for lack of a token', async () => {
    const api = request(testApp.baseUrl);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.isPublic)) {
      const response = await api[route.method.toLowerCase() as 'get'](concretePath(route.path));
      if (response.status === 401 || response.status === 403) {
        wrong.push(`${route.method} ${route.path}: ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
