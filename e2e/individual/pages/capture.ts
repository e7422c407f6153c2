import { expect, type Locator } from '@playwright/test';
import { IndividualScreen } from './common';

/**
 * What the document and selfie screens share: live camera with a shutter, a preview with
 * Retake / Use this photo, "Upload a photo instead", the camera-unavailable explanation, and
 * the "we already have this photo" state after a reload.
 */
export class CaptureScreen extends IndividualScreen {
  video(): Locator {
    return this.root.getByTestId('camera-video');
  }

  shutter(): Locator {
    return this.root.getByTestId('shutter');
  }

  /** Waits for a live camera and an enabled shutter, then takes the photo. */
  async takePhoto(timeout = 30_000): Promise<void> {
    await expect(this.shutter()).toBeEnabled({ timeout });
    await this.shutter().click();
    await expect(this.preview()).toBeVisible();
  }

  preview(): Locator {
    return this.root.getByTestId('photo-preview');
  }

  async usePhoto(): Promise<void> {
    await this.root.getByTestId('use-photo').click();
  }

  async retake(): Promise<void> {
    await this.root.getByTestId('retake').click();
  }

  /** Shown when the camera cannot be used; `data-kind` is denied|missing|in-use|insecure|unknown. */
  cameraFallback(): Locator {
    return this.root.getByTestId('camera-fallback');
  }

  /** Picks a file through the always-present file input (camera or no camera). */
  async uploadFile(path: string): Promise<void> {
    await this.root.getByTestId('upload-photo-input').setInputFiles(path);
    await expect(this.preview()).toBeVisible();
  }

  alreadyHave(): Locator {
    return this.root.getByTestId('already-have');
  }

  async continueWithExisting(): Promise<void> {
    await this.root.getByTestId('continue-existing').click();
  }

  async takeAgain(): Promise<void> {
    await this.root.getByTestId('take-again').click();
  }
}
