import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Shared by the individual flow's page objects: each screen is found by its data-testid; the
 * header's "Step n of 4" and Back button are inside it.
 */
export class IndividualScreen {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    testId: string,
  ) {
    this.root = page.getByTestId(testId);
  }

  async expectVisible(): Promise<void> {
    await expect(this.root).toBeVisible();
  }

  heading(): Locator {
    return this.root.getByRole('heading', { level: 1 });
  }

  /** "Step 2 of 4". */
  stepIndicator(): Locator {
    return this.root.getByTestId('step-indicator');
  }

  async back(): Promise<void> {
    await this.root.getByTestId('back-button').click();
  }

  /** The `step` query parameter the flow keeps in the URL. */
  urlStep(): string | null {
    return new URL(this.page.url()).searchParams.get('step');
  }
}

/** The hosted link's path for a verification (`/?processId=…`), with optional extra query. */
export function individualLink(verificationId: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ processId: verificationId, ...extra });
  return `/?${query}`;
}
