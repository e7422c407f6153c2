import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { CaptureScreen } from './capture';
import { passLivenessChallenge } from './liveness-check';

/**
 * Selfie with the active liveness check: the face is placed in the oval, the neutral photo is
 * taken by itself, then two random actions are asked (see LivenessCheck in liveness-check.ts).
 */
export class IndividualSelfiePage extends CaptureScreen {
  constructor(page: Page) {
    super(page, 'selfie-screen');
  }

  /**
   * The live hint (role=status). `data-hint` is the machine value: loading, no-face,
   * multiple-faces, too-far, too-close, off-centre, look-straight, eyes-closed, hold-still, ready,
   * `preparing` once the neutral photo is taken, `action:<action>` during the challenge.
   */
  hint(): Locator {
    return this.root.getByTestId('face-hint');
  }

  oval(): Locator {
    return this.root.getByTestId('selfie-oval');
  }

  /**
   * Picks a selfie file (offered only when the key allows it): it is used at once, with no
   * preview, and the session is marked not live.
   */
  async pickFile(path: string): Promise<void> {
    await this.root.getByTestId('upload-photo-input').setInputFiles(path);
    await expect(this.root).toBeHidden({ timeout: 20_000 });
  }

  /** Waits for the challenge to pass (the camera shows a face doing every action), then confirms. */
  async captureAndConfirm(timeout = 90_000): Promise<void> {
    await passLivenessChallenge(this.root, timeout);
    await this.usePhoto();
  }
}
