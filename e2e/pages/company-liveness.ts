import { expect, type Locator, type Page } from '@playwright/test';
import { CompanyScreen } from './company-common';

/**
 * Representative selfie: intro → camera (auto-capture when the face is centred and still) →
 * preview → "Use this photo" → done. The camera and preview are screens of their own.
 */
export class CompanyLivenessPage extends CompanyScreen {
  readonly camera: Locator;
  readonly preview: Locator;

  constructor(page: Page) {
    super(page, 'company-liveness');
    this.camera = page.getByTestId('company-liveness-camera');
    this.preview = page.getByTestId('company-liveness-preview');
  }

  async start(): Promise<void> {
    await this.root.getByTestId('liveness-start').click();
  }

  /** The live hint's state: loading | no-face | too-far | … | ready | capturing. */
  hint(): Locator {
    return this.camera.getByTestId('liveness-hint');
  }

  /** Waits for auto-capture (the fake camera feed shows a face) to reach the preview. */
  async waitForPreview(timeout = 60_000): Promise<void> {
    await expect(this.preview).toBeVisible({ timeout });
  }

  async shutter(): Promise<void> {
    await this.camera.getByTestId('liveness-shutter').click();
  }

  /** No camera: pick a photo file instead (works on the camera and camera-failed screens). */
  async uploadPhoto(path: string): Promise<void> {
    await this.page.getByTestId('liveness-upload-input').setInputFiles(path);
  }

  async usePhoto(): Promise<void> {
    await this.preview.getByTestId('liveness-use-photo').click();
  }

  async retake(): Promise<void> {
    await this.preview.getByTestId('liveness-retake').click();
  }

  async expectDone(): Promise<void> {
    await expect(this.root.getByTestId('liveness-done')).toBeVisible({ timeout: 30_000 });
  }

  async skip(): Promise<void> {
    await this.root.getByTestId('liveness-skip').click();
  }
}
