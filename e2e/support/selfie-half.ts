import type { Browser, Page } from '@playwright/test';
import { feed, launchPhone } from './camera';
import { installScreenLitCamera } from './screen-lit-camera';
import { IndividualSelfiePage } from '../individual/pages/selfie';
import { IndividualReviewPage } from '../individual/pages/review';

/**
 * The second half of a hosted journey, on a second phone (the test face's liveness clip, lit by
 * the screen-light check's colours as a real face near the screen is): the selfie taken and the
 * session submitted. The caller closes the browser once it has seen what it waits for (the status
 * screen left open follows the decision).
 */
export async function selfieAndSubmit(link: string): Promise<{ page: Page; browser: Browser }> {
  const phone = await launchPhone(await feed('face-liveness'));
  const page = await phone.context.newPage();
  await installScreenLitCamera(page);
  await page.goto(link);
  const selfie = new IndividualSelfiePage(page);
  await selfie.expectVisible();
  await selfie.captureAndConfirm();
  await new IndividualReviewPage(page).submit();
  return { page, browser: phone.browser };
}
