import type { Locator, Page } from '@playwright/test';
import { CaptureScreen } from './individual-capture';

/** Document front or back: rear camera, card frame, light/focus hint. */
export class IndividualDocumentCapturePage extends CaptureScreen {
  constructor(
    page: Page,
    readonly side: 'front' | 'back',
  ) {
    super(page, `document-${side}-screen`);
  }

  /** Live light/focus hint; `data-hint` is too-dark|too-bright|blurry|ok (none before the first frame). */
  qualityHint(): Locator {
    return this.root.getByTestId('quality-hint');
  }

  /** Camera → preview → confirm. */
  async captureAndConfirm(): Promise<void> {
    await this.takePhoto();
    await this.usePhoto();
  }
}
