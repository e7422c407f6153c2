import type { Locator, Page } from '@playwright/test';

export type CompanyLinkScreenKind =
  | 'invalid-link' | 'not-found' | 'expired' | 'abandoned' | 'submitted' | 'under-review' | 'successful' | 'failed';

/** Screens of links that cannot be filled in (wrong token, unknown, expired, submitted, decided). */
export class CompanyLinkScreenPage {
  constructor(readonly page: Page) {}

  screen(kind: CompanyLinkScreenKind): Locator {
    return this.page.getByTestId(`company-link-${kind}`);
  }

  heading(kind: CompanyLinkScreenKind): Locator {
    return this.screen(kind).getByRole('heading', { level: 1 });
  }

  /** Network or server trouble while loading: the shared retry screen. */
  requestError(): Locator {
    return this.page.getByTestId('request-error-screen');
  }
}
