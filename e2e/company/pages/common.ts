import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Shared by the company flow's page objects: a screen is found by its data-testid, fields by
 * the data-testid of their wrapper (`field-<name>`, `officer-0-email`, …).
 */
export class CompanyScreen {
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

  /** "Step 3 of 8". */
  stepIndicator(): Locator {
    return this.root.getByTestId('step-indicator');
  }

  /** The one primary action of a form step ("Continue" / "Save and go back to the summary"). */
  async continue(): Promise<void> {
    await this.root.getByTestId('continue').click();
  }

  async back(): Promise<void> {
    await this.root.getByTestId('back-button').click();
  }

  /** The text input, textarea or select inside a field wrapper. */
  control(fieldTestId: string): Locator {
    return this.root.getByTestId(fieldTestId).locator('input, textarea, select').first();
  }

  async fill(fieldTestId: string, value: string): Promise<void> {
    await this.control(fieldTestId).fill(value);
  }

  async select(fieldTestId: string, value: string): Promise<void> {
    await this.control(fieldTestId).selectOption(value);
  }

  /** Searchable country field: types the name and picks the matching option. */
  async pickCountry(fieldTestId: string, name: string): Promise<void> {
    const field = this.root.getByTestId(fieldTestId);
    await field.getByRole('combobox').fill(name);
    await field.getByRole('option', { name, exact: true }).click();
  }

  /** The error shown beside a field (translated text). */
  error(fieldTestId: string): Locator {
    return this.root.getByTestId(`${fieldTestId}-error`);
  }

  async expectError(fieldTestId: string, text?: string | RegExp): Promise<void> {
    const error = this.error(fieldTestId);
    await expect(error).toBeVisible();
    if (text !== undefined) await expect(error).toHaveText(text);
    await expect(this.control(fieldTestId)).toHaveAttribute('aria-invalid', 'true');
  }
}

/** Autosave status in the bar above the form: idle | pending | saving | saved | retrying | failed. */
export function saveIndicator(page: Page): Locator {
  return page.getByTestId('save-indicator');
}

export async function waitSaved(page: Page): Promise<void> {
  await expect(saveIndicator(page)).toHaveAttribute('data-status', 'saved');
}

/** The step list (beside the form on desktop, folded under "See all steps" on phones). */
export async function jumpToStep(page: Page, step: string): Promise<void> {
  const summary = page.getByText('See all steps');
  if (await summary.isVisible()) await summary.click();
  await page.getByTestId(`step-link-${step}`).filter({ visible: true }).first().click();
}
