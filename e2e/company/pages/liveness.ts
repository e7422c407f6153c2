import { expect, type Locator, type Page } from '@playwright/test';
import { CompanyScreen } from './common';
import { passLivenessChallenge } from '../../individual/pages/liveness-check';

/**
 * Representative liveness: intro → camera with the active check (the same screen as the
 * individual selfie: neutral photo taken by itself, then two random actions) → "Use this photo"
 * → done with the outcome (`liveness-done` carries `data-status` passed|failed|not_live).
 */
export class CompanyLivenessPage extends CompanyScreen {
  readonly camera: Locator;

  constructor(page: Page) {
    super(page, 'company-liveness');
    this.camera = page.getByTestId('company-liveness-camera');
  }

  async start(): Promise<void> {
    await this.root.getByTestId('liveness-start').click();
  }

  /** The live hint: loading | no-face | … | ready | preparing | action:<action>. */
  hint(): Locator {
    return this.camera.getByTestId('face-hint');
  }

  /** Waits for the challenge to pass with the camera showing a face doing the actions. */
  async passChallenge(timeout = 90_000): Promise<void> {
    await passLivenessChallenge(this.camera, timeout);
  }

  async usePhoto(): Promise<void> {
    await this.camera.getByTestId('use-photo').click();
  }

  /** No camera: pick a photo file instead (only offered when the key allows it). */
  async uploadPhoto(path: string): Promise<void> {
    await this.page.getByTestId('upload-photo-input').setInputFiles(path);
  }

  async expectDone(status = 'passed'): Promise<void> {
    const done = this.root.getByTestId('liveness-done');
    await expect(done).toBeVisible({ timeout: 30_000 });
    await expect(done.locator('[data-status]')).toHaveAttribute('data-status', status);
  }

  async skip(): Promise<void> {
    await this.root.getByTestId('liveness-skip').click();
  }
}
