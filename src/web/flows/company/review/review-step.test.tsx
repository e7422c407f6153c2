// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LivenessStatus } from '../../../../contract/hosted-company';
import { noop, renderWithApp, testCampaign } from '../test-utils';
import { ReviewStep } from './review-step';

afterEach(cleanup);

// The review screen says what is missing only when something is: a representative whose check
// has an outcome (passed, failed, or a picked selfie: not_live) sees the section as done.
function show(liveness: LivenessStatus) {
  renderWithApp(
    <ReviewStep
      campaign={testCampaign({ steps: ['liveness', 'review'] })}
      sections={['liveness']}
      values={{}}
      documents={[]}
      liveness={liveness}
      issues={[]}
      onEdit={noop}
      onSubmit={async () => undefined}
      onBack={noop}
      position={undefined}
      problem={null}
    />,
  );
}

describe('company review: the liveness section', () => {
  for (const status of ['passed', 'failed', 'not_live'] as const) {
    it(`a check that ended ${status} is done: no "answers missing", the section not marked`, () => {
      show(status);
      expect(screen.queryByTestId('review-incomplete')).toBeNull();
      expect(screen.queryByTestId('review-liveness-incomplete')).toBeNull();
      expect(screen.getByTestId('review-liveness').textContent).toContain('Done');
    });
  }

  it('a check not done yet is missing, and the section says so', () => {
    show('not_started');
    expect(screen.getByTestId('review-incomplete').textContent).toContain('Some answers are missing');
    expect(screen.getByTestId('review-liveness-incomplete')).toBeTruthy();
    expect(screen.getByTestId('review-liveness').textContent).not.toContain('Done');
  });
});
