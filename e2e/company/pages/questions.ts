import type { Locator, Page } from '@playwright/test';
import { CompanyScreen } from './common';

/** The campaign's custom questions, found by question id. */
export class CompanyQuestionsPage extends CompanyScreen {
  constructor(page: Page) {
    super(page, 'company-questions');
  }

  question(id: string): Locator {
    return this.root.getByTestId(`question-${id}`);
  }

  /** short_text, long_text, date (YYYY-MM-DD). */
  async answerText(id: string, value: string): Promise<void> {
    await this.fill(`question-${id}`, value);
  }

  /** single_choice and yes_no ("Yes" / "No"): the option's visible label. */
  async choose(id: string, label: string): Promise<void> {
    await this.question(id).getByRole('radio', { name: label, exact: true }).check();
  }

  /** multiple_choice: ticks each label given. */
  async chooseMany(id: string, labels: readonly string[]): Promise<void> {
    for (const label of labels) await this.question(id).getByRole('checkbox', { name: label, exact: true }).check();
  }

  questionError(id: string): Locator {
    return this.root.getByTestId(`question-${id}-error`);
  }
}
