import { expect, type Page } from '@playwright/test';

/** Done screen, status screen (already submitted) and closed-link screen. */
export class OutcomePage {
  constructor(private readonly page: Page) {}
  /** After submit: the thank-you screen, the status screen, or (test keys decide at once) the verified screen. */
  async expectDone() {
    const finished = this.page.locator('[data-testid="done-screen"], [data-testid="status-text"], [data-testid="closed-reason"][data-reason="successful"]');
    await expect(finished.first()).toBeVisible({ timeout: 30_000 });
  }
  async expectStatus(decision: RegExp) {
    await expect(this.page.getByTestId('status-text')).toHaveAttribute('data-decision', decision, { timeout: 30_000 });
  }
  async expectClosed(reason: string) {
    await expect(this.page.getByTestId('closed-reason')).toHaveAttribute('data-reason', reason);
  }
}
