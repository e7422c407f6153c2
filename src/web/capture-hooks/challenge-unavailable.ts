/** A liveness challenge could not be had: no tries left (`exhausted`) or the request failed. */
export class ChallengeUnavailable extends Error {
  constructor(readonly exhausted: boolean) {
    super(exhausted ? 'no liveness tries left' : 'challenge request failed');
  }
}
