import type { Page } from '@playwright/test';
import { IndividualScreen } from './individual-common';

/** No processId, a malformed one, or one the server does not know. */
export class IndividualUnknownLinkPage extends IndividualScreen {
  constructor(page: Page) {
    super(page, 'unknown-link-screen');
  }
}
