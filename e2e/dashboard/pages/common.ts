import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab until `target` has focus (at most `max` times): proof it is reachable by keyboard. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reachable with Tab in ${max} presses: ${target.toString()}`);
}

/** The signed-in frame: the sections the role opens, sign-out. */
export class DashboardShell {
  constructor(readonly page: Page) {}

  nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Dashboard sections' });
  }

  async expectSignedInAs(email: string): Promise<void> {
    await expect(this.page.getByTestId('signed-in-as')).toContainText(email);
  }

  async signOut(): Promise<void> {
    await this.page.getByTestId('sign-out').click();
  }
}
