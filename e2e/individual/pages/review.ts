import type { Locator, Page } from '@playwright/test';
import type { MediaSlot } from '../../../src/contract/hosted-individual';
import { IndividualScreen } from './common';

/** Review: each capture with its upload state and a Retake link, then Send. */
export class IndividualReviewPage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'review-screen');
  }

  item(slot: MediaSlot): Locator {
    return this.root.getByTestId(`review-item-${slot}`);
  }

  /** uploading|uploaded|received|failed-retry|failed-retake|missing */
  async itemState(slot: MediaSlot): Promise<string | null> {
    return this.item(slot).getAttribute('data-state');
  }

  async retake(slot: MediaSlot): Promise<void> {
    await this.root.getByTestId(`retake-${slot}`).click();
  }

  submitButton(): Locator {
    return this.root.getByTestId('submit');
  }

  async submit(): Promise<void> {
    await this.submitButton().click();
  }
}
