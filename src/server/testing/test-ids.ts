import { plausibleVerificationId, type VerificationId } from '../../contract/ids';

/**
 * A verification id in a test or bench (a literal, or one read from a response body, which is
 * untyped JSON), as the VerificationId the layers take: it passes the same check as an id from
 * outside, and a test that hands in an implausible one fails here instead of querying.
 */
export function testVerificationId(raw: string): VerificationId {
  const id = plausibleVerificationId(raw);
  if (!id) throw new Error(`not a plausible verification id: ${raw.slice(0, 40)}`);
  return id;
}
