import type { Page } from '@playwright/test';
import { IndividualScreen } from './common';

/** The spinner shown while the app or the session loads. */
export class IndividualLoadingPage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'loading-screen');
  }
}
