import type { Page } from 'playwright-core';
import request from 'supertest';
import { useBrowserApp } from '../support/browser-app.js';
import { bearer, createMember, signInThroughForm, STAFF_PASSWORD } from '../support/staff.js';

/** The tabs a manager sees, and an admin before theirs. */
const EVERY_ROLES_TABS = ['Overview', 'CRM', 'Recycle Bin', 'Audit', 'Reports'];

describe('Admin sign-in in Chromium', () => {
  const app = useBrowserApp();
  let page: Page;
  beforeEach(async () => {
    page = await app.newPage();
  });

  const token = () => page.evaluate(() => localStorage.getItem('adminToken'));
  /** The tabs the dashboard shows, without their counts. */
  const tabNames = async () =>
    (await page.getByRole('tab').allTextContents()).map((t) => t.replace(/[\d()]/g, '').trim());

  it('should send a visitor without a token from /admin to /login', async () => {
    await page.goto(`${app.testApp.baseUrl}/admin`);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  });

  it('should drop a rejected token and send the visitor to /login', async () => {
    await page.goto(`${app.testApp.baseUrl}/`);
    await page.evaluate(() => localStorage.setItem('adminToken', 'a.b.c'));
    await page.goto(`${app.testApp.baseUrl}/admin`);
    await page.waitForURL('**/login');
    expect(await token()).toBeNull();
  });

  it('should ask for both fields before calling the server', async () => {
    await page.goto(`${app.testApp.baseUrl}/login`);
    await page.getByLabel('Email').fill('   ');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Missing credentials').waitFor();
    await page.getByText('Please enter both email and password').waitFor();
  });

  it('should show and hide the password', async () => {
    await page.goto(`${app.testApp.baseUrl}/login`);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret words');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('should refuse a wrong password with the server’s message', async () => {
    const member = await createMember(app.testApp, 'manager');
    await signInThroughForm(page, app.testApp.baseUrl, member.email, 'this is not it');
    await page.getByText('Login failed').waitFor();
    await page.getByText('Invalid credentials').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await token()).toBeNull();
  });

  it('should sign in, show the tabs of the role, and sign out', async () => {
    const member = await createMember(app.testApp, 'manager', { firstName: 'Maija' });
    await signInThroughForm(page, app.testApp.baseUrl, `  ${member.email}  `, STAFF_PASSWORD);
    await page.waitForURL('**/admin');
    await page.getByText('Login successful').waitFor();
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await tabNames()).toEqual([...EVERY_ROLES_TABS, 'Settings']);
    const stored = await token();
    expect(stored).toBeTruthy();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await token()).toBeNull();
    await request(app.testApp.baseUrl).get('/api/auth/verify').set(bearer(stored!)).expect(401);
  });

  it('should show an admin every tab, the Backups tab with its empty state', async () => {
    const member = await createMember(app.testApp, 'admin');
    await signInThroughForm(page, app.testApp.baseUrl, member.email, STAFF_PASSWORD);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await tabNames()).toEqual([...EVERY_ROLES_TABS, 'Backups', 'Team', 'Settings']);
    await page.getByRole('tab', { name: 'Backups' }).click();
    await page.getByText('No backup files found').waitFor();
  });

  it('should clear the stored token on arriving at /login', async () => {
    const member = await createMember(app.testApp, 'salesperson');
    await signInThroughForm(page, app.testApp.baseUrl, member.email, STAFF_PASSWORD);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.goto(`${app.testApp.baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await token()).toBeNull();
  });
});
