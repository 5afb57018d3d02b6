import type { CDPSession, Locator } from 'playwright-core';
import { useAdminBrowser } from '../support/admin-browser.js';
import { createTestLead } from '../support/leads.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABS = ['overview', 'crm', 'recycle-bin', 'audit', 'reports', 'backups', 'team', 'settings'];

describe('Admin on a 390 px touch screen in Chromium', () => {
  const admin = useAdminBrowser({
    role: 'admin',
    profile: { firstName: 'Pia', lastName: 'Puhelin' },
    contextOptions: PHONE,
  });

  it.each(TABS)('should fit the %s tab into the screen, scrolling only inside it', async (tab) => {
    await admin.openAdmin(tab);
    const panel = admin.page.getByRole('tabpanel');
    await panel.waitFor();
    await admin.page.getByRole('progressbar').first().waitFor({ state: 'detached' });
    const width = await admin.page.evaluate(() => document.documentElement.scrollWidth);
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
    await admin.page.waitForTimeout(400);
    for (let left = 30; left > 0; left--) {
      const to = (await target.boundingBox())!;
      const aim = {
        x: Math.max(20, Math.min(to.x + to.width / 2, PHONE.viewport.width - 20)),
        y: to.y + Math.min(120, to.height / 2),
      };
      point = { x: point.x + (aim.x - point.x) / left, y: point.y + (aim.y - point.y) / left };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
      await admin.page.waitForTimeout(30);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  it('should move a card to the next column by touch', async () => {
    await createTestLead(admin.testApp, {
      firstName: 'Topi',
      lastName: 'Kosketus',
      totalPrice: 1800,
    });
    await admin.openAdmin('crm');
    const column = (id: string) => admin.page.getByTestId(`column-${id}`);
    const card = column('new').getByTestId('lead-card').filter({ hasText: 'Topi Kosketus' });
    await card.waitFor();
    await touchDrag(await admin.context.newCDPSession(admin.page), card, column('contacted'));
    await column('contacted').getByText('Topi Kosketus').waitFor();
    // Saved on the server, not only moved on the screen.
    await admin.page.reload();
    await column('contacted').getByText('Topi Kosketus').waitFor();
  });
});
