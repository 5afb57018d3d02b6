import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import type { Page } from 'playwright-core';
import request from 'supertest';
import type { StaffRole } from '#src/platform/http/access.decorators.js';
import { AddMemberCommand } from '#src/modules/team/commands/add-member/add-member.command.js';
import type { RunningApp } from './test-app.js';

/** Every member made here signs in with this password. */
export const STAFF_PASSWORD = 'correct horse battery staple';

export interface SignedInStaff {
  token: string;
  member: { id: string; email: string; firstName: string; lastName: string; role: StaffRole };
}

export interface StaffOverrides {
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** Creates an active member through the real command and signs in over HTTP. */
export async function createMember(
  testApp: RunningApp,
  role: StaffRole,
  overrides: StaffOverrides = {},
): Promise<SignedInStaff['member']> {
  const profile = {
    firstName: overrides.firstName ?? role[0].toUpperCase() + role.slice(1),
    lastName: overrides.lastName ?? 'Tester',
    email: overrides.email ?? `${role}-${randomUUID().slice(0, 8)}@example.fi`,
  };
  const { memberId } = await testApp.app
    .get(CommandBus)
    .execute(new AddMemberCommand(profile, role, STAFF_PASSWORD));
  return { id: memberId, ...profile, email: profile.email.toLowerCase(), role };
}

export async function logIn(testApp: RunningApp, email: string, password = STAFF_PASSWORD) {
  const response = await request(testApp.baseUrl).post('/api/auth/login').send({ email, password });
  if (response.status !== 200) {
    throw new Error(
      `login of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`,
    );
  }
  return response.body as {
    token: string;
    user: SignedInStaff['member'] & { mustChangePassword: boolean };
  };
}

export async function signInAs(
  testApp: RunningApp,
  role: StaffRole,
  overrides: StaffOverrides = {},
): Promise<SignedInStaff> {
  const member = await createMember(testApp, role, overrides);
  const { token } = await logIn(testApp, member.email);
  return { token, member };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Fills the login form the way a person does and submits it. */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
