import { expect, type Locator } from '@playwright/test';

/**
 * The liveness check inside a selfie screen of either flow: `liveness-instruction` carries the
 * asked action (`data-action`), `liveness-progress` the step; the check ends on
 * `liveness-passed`, `liveness-retry` (another try allowed) or `liveness-failed`.
 */
export function livenessInstruction(root: Locator): Locator {
  return root.getByTestId('liveness-instruction');
}

export function livenessRetry(root: Locator): Locator {
  return root.getByTestId('liveness-retry');
}

export function livenessFailed(root: Locator): Locator {
  return root.getByTestId('liveness-failed');
}

/** Waits until a challenge is asked, then until it passes; records the actions seen. */
export async function passLivenessChallenge(root: Locator, timeout = 90_000): Promise<string[]> {
  const instruction = livenessInstruction(root);
  await expect(instruction).toBeAttached({ timeout });
  const first = await instruction.getAttribute('data-action');
  await expect(root.getByTestId('liveness-passed')).toBeVisible({ timeout });
  return first ? [first] : [];
}
