import type { Page } from '@playwright/test';
import { IndividualScreen } from './common';

/** No processId, a malformed one, or one the server does not know. */
export class IndividualUnknownLinkPage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'unknown-link-screen');
  }
}
