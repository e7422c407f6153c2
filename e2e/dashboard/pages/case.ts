import { expect, type Locator, type Page } from '@playwright/test';
import { tabTo } from './common';

/** A case page (person or company): images, the decision panel and its confirmation dialog. */
export class DashboardCasePage {
  constructor(readonly page: Page, readonly testId: 'individual-case' | 'company-case') {}

  get root(): Locator {
    return this.page.getByTestId(this.testId);
  }

  async expectVisible(): Promise<void> {
    await expect(this.root).toBeVisible();
  }

  /** The image has loaded and decoded (a broken or blocked image has no natural width). */
  async expectImageShown(testId: string): Promise<void> {
    const img = this.root.getByTestId(testId).locator('img');
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }

  /** Zoom and rotate through the image's own buttons; the label reports the new state. */
  async zoomAndRotate(testId: string): Promise<void> {
    const viewer = this.root.getByTestId(testId);
    await viewer.getByRole('button', { name: /^Zoom in/ }).click();
    await viewer.getByRole('button', { name: /^Rotate/ }).click();
    await expect(viewer.getByRole('group')).toHaveAttribute('aria-label', /zoom 150%, rotated 90°/);
  }

  /** Decline (or ask for a resubmission) with the keyboard alone: Tab, type, Enter. */
  async decideByKeyboard(action: 'decline' | 'resubmit' | 'approve', reason: string): Promise<void> {
    if (action !== 'approve') {
      await tabTo(this.page, this.root.getByTestId('decision-reason'));
      await this.page.keyboard.type(reason);
    }
    await tabTo(this.page, this.root.getByTestId(action));
    await this.page.keyboard.press('Enter');
    // Approve is one action; a decline or new photos ask first.
    if (action !== 'approve') {
      const dialog = this.page.getByTestId('confirm-dialog');
      await expect(dialog).toBeVisible();
      await tabTo(this.page, dialog.getByTestId('confirm-button'), 5);
      await this.page.keyboard.press('Enter');
    }
    await expect(this.root.getByTestId('decision-outcome')).toContainText('Decision recorded');
  }

  async decideByPointer(action: 'approve' | 'decline' | 'start-review', reason = ''): Promise<void> {
    if (reason) await this.root.getByTestId('decision-reason').fill(reason);
    await this.root.getByTestId(action).click();
    if (action === 'decline') await this.page.getByTestId('confirm-button').click();
    await expect(this.root.getByTestId('decision-outcome')).toContainText(/Decision recorded|Recorded\. Four-eyes/);
  }

  /** Declines with one of the listed reasons (the reason box is filled from it, then asks first). */
  async declineWithListedReason(label: string): Promise<void> {
    await this.root.getByTestId('decision-common-reason').selectOption({ label });
    await this.root.getByTestId('decline').click();
    await this.page.getByTestId('confirm-button').click();
  }

  auditRows(): Locator {
    return this.root.getByTestId('audit-row');
  }
}
