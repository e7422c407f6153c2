import type { Page } from '@playwright/test';
import type { CanvasCamera } from './canvas-camera';
import { IndividualWelcomePage } from '../individual/pages/welcome';
import { IndividualDocumentChoicePage } from '../individual/pages/document-choice';
import { IndividualDocumentCapturePage } from '../individual/pages/document-capture';
import { IndividualSelfiePage } from '../individual/pages/selfie';

/**
 * The first half of a hosted journey with the test ID card (a German ID card chosen): consent,
 * the front taken, the card turned over on the canvas camera, the back taken, up to the selfie
 * screen. The page must already be on the verification link.
 */
export async function idCardHalf(page: Page, camera: CanvasCamera): Promise<void> {
  await new IndividualWelcomePage(page).consentAndStart();
  await new IndividualDocumentChoicePage(page).choose('NATIONAL_ID', 'Germany');
  await new IndividualDocumentCapturePage(page, 'front').captureAndConfirm();
  await camera.show('back');
  await new IndividualDocumentCapturePage(page, 'back').captureAndConfirm();
  await new IndividualSelfiePage(page).expectVisible();
}
