import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { CaptureScreen } from './individual-capture';

/** Selfie: front camera, oval guide, one live face hint; the shutter works only on 'ready'. */
export class IndividualSelfiePage extends CaptureScreen {
  constructor(page: Page) {
    super(page, 'selfie-screen');
  }

  /**
   * The live hint (role=status). `data-hint` is the machine value: no-face|multiple-faces|
   * too-far|too-close|off-centre|hold-still|ready, `loading` while the detector loads, `unguided`
   * when face detection is unavailable (the shutter is then enabled).
   */
  hint(): Locator {
    return this.root.getByTestId('face-hint');
  }

  async hintCode(): Promise<string | null> {
    return this.hint().getAttribute('data-hint');
  }

  oval(): Locator {
    return this.root.getByTestId('selfie-oval');
  }

  /** Waits for the detector to call the face well placed ('ready'), then shoots and confirms. */
  async captureAndConfirm(timeout = 30_000): Promise<void> {
    await expect(this.hint()).toHaveAttribute('data-hint', 'ready', { timeout });
    await this.takePhoto(timeout);
    await this.usePhoto();
  }
}
