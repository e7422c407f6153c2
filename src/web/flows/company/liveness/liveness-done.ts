import type { LivenessStatus } from '../../../../contract/hosted-company';

/** The representative's liveness step is done once the check has an outcome, whatever it is. */
export function livenessDone(status: LivenessStatus): boolean {
  return status === 'passed' || status === 'failed' || status === 'not_live';
}
