import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { startBrowserApp, stopBrowserApp } from '../support/browser-app.js';
import type { TestBrowser } from '../support/browser.js';
import { createTestLead } from '../support/leads.js';
import { signInAs } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABS = ['overview', 'crm', 'recycle-bin', 'audit', 'reports', 'backups', 'team', 'settings'];

describe('Admin on a 390 px touch screen in Chromium', () => {
  let testApp: TestApp;
  let browser: TestBrowser;
  let token: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ testApp, browser } = await startBrowserApp());
    token = (await signInAs(testApp, 'admin', { firstName: 'Pia', lastName: 'Puhelin' })).token;
  });
  afterAll(() => stopBrowserApp({ testApp, browser }));
  beforeEach(async () => {
    context = await browser.newContext(PHONE);
    await context.addInitScript((value) => localStorage.setItem('adminToken', value), token);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it.each(TABS)('should fit the %s tab into the screen, scrolling only inside it', async (tab) => {
    await page.goto(`${testApp.baseUrl}/admin?tab=${tab}`);
    const panel = page.getByRole('tabpanel');
    await panel.waitFor();
    await page.getByRole('progressbar').first().waitFor({ state: 'detached' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.viewport.width);
  });

  /**
   * A finger held on `source` until the drag starts, then moved onto `target` and lifted. The
   * board scrolls under the finger near its edge, so each step heads for where `target` is now.
   */
  async function touchDrag(cdp: CDPSession, source: Locator, target: Locator) {
    const from = (await source.boundingBox())!;
    let point = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await page.waitForTimeout(400);
    for (let left = 30; left > 0; left--) {
      const to = (await target.boundingBox())!;
      const aim = {
        x: Math.max(20, Math.min(to.x + to.width / 2, PHONE.viewport.width - 20)),
        y: to.y + Math.min(120, to.height / 2),
      };
      point = { x: point.x + (aim.x - point.x) / left, y: point.y + (aim.y - point.y) / left };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      await page.waitForTimeout(30);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  it('should move a card to the next column by touch', async () => {
    await createTestLead(testApp, 'Topi', 'Kosketus', 'new', 1800);
    await page.goto(`${testApp.baseUrl}/admin?tab=crm`);
    const column = (id: string) => page.getByTestId(`column-${id}`);
    const card = column('new').getByTestId('lead-card').filter({ hasText: 'Topi Kosketus' });
    await card.waitFor();
    await touchDrag(await context.newCDPSession(page), card, column('contacted'));
    await column('contacted').getByText('Topi Kosketus').waitFor();
    // Saved on the server, not only moved on the screen.
    await page.reload();
    await column('contacted').getByText('Topi Kosketus').waitFor();
  });
});
