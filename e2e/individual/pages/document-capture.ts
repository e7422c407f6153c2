import { expect, type Locator, type Page } from '@playwright/test';
import { CaptureScreen } from './capture';

/**
 * Document front or back: rear camera, card guide, live guidance; the photo is taken by itself
 * when the card fills the guide, is sharp, has no glare and is steady. The shutter appears only
 * after a few seconds, as a fallback.
 */
export class IndividualDocumentCapturePage extends CaptureScreen {
  constructor(
    page: Page,
    readonly side: 'front' | 'back',
  ) {
    super(page, `document-${side}-screen`);
  }

  /**
   * Live guidance; `data-hint` is no-document|too-far|too-close|cut-off|tilted|too-dark|glare|
   * blurry|hold-still|ready, or turn-over on the back while the card still shows the front (none
   * before the first analysed frame).
   */
  qualityHint(): Locator {
    return this.root.getByTestId('quality-hint');
  }

  /** The preview's wrapper: `data-capture` says how the photo was taken (auto|manual|file). */
  capturePreview(): Locator {
    return this.root.getByTestId('capture-preview');
  }

  guide(): Locator {
    return this.root.getByTestId('document-guide');
  }

  noDocument(): Locator {
    return this.root.getByTestId('no-document');
  }

  /** Waits for the photo to be taken without any tap, and for its checks to finish. */
  async waitForAutoCapture(timeout = 30_000): Promise<void> {
    await expect(this.capturePreview()).toHaveAttribute('data-capture', 'auto', { timeout });
    await expect(this.root.getByTestId('auto-captured')).toBeVisible();
    await expect(this.capturePreview()).toHaveAttribute('data-checked', 'true', { timeout });
  }

  /**
   * Camera → automatic capture → on: a capture with nothing to say about it goes on by itself
   * (`data-auto-continue`, shown for a moment with Retake); one with a note waits for the tap.
   * Returns whether the tap was needed.
   */
  async captureAndConfirm(): Promise<'tapped' | 'went-on'> {
    await this.waitForAutoCapture();
    if (await this.capturePreview().getAttribute('data-auto-continue') === 'true') {
      await expect(this.root).toBeHidden({ timeout: 10_000 });
      return 'went-on';
    }
    await expect(this.root.getByTestId('use-photo')).toBeEnabled();
    await this.usePhoto();
    return 'tapped';
  }
}
