// What the page shows for a link: the form, or one of the screens for links that cannot be used
// (any more). Pure: the page feeds it the URL parameters and the API's answer.
import type { HostedCompanySession } from '../../../contract/hosted-company';
import type { CompanyApiError } from './api/api-error';

export type LinkScreen =
  /** processId or hostedToken missing or refused: "Open the link exactly as you received it". */
  | 'invalid-link'
  | 'not-found'
  | 'expired'
  | 'abandoned'
  | 'submitted'
  | 'under-review'
  | 'successful'
  | 'failed'
  /** Network or server trouble: a retry button. */
  | 'unavailable';

export interface LinkParams {
  processId: string | null;
  hostedToken: string | null;
}

/** Reads the link's parameters; blank values count as missing. */
export function readLinkParams(search: URLSearchParams): LinkParams {
  const value = (name: string) => {
    const v = search.get(name);
    return v && v.trim() !== '' ? v.trim() : null;
  };
  return { processId: value('processId'), hostedToken: value('hostedToken') };
}

export function screenForParams(params: LinkParams): LinkScreen | null {
  return params.processId && params.hostedToken ? null : 'invalid-link';
}

export function screenForError(error: CompanyApiError): LinkScreen {
  switch (error.code) {
    case 'invalid_token':
      return 'invalid-link';
    case 'not_found':
      return 'not-found';
    case 'expired':
      return 'expired';
    case 'already_submitted':
      return 'submitted';
    case 'closed':
      // The reason is unknown here; the page reloads the session to find which closed screen.
      return 'unavailable';
    default:
      return 'unavailable';
  }
}

/** Null when the form can be filled in. */
export function screenForSession(session: Pick<HostedCompanySession, 'phase' | 'status' | 'closedReason'>): LinkScreen | null {
  if (session.phase === 'form') return null;
  if (session.phase === 'submitted') return session.status === 'under review' ? 'under-review' : 'submitted';
  switch (session.closedReason) {
    case 'expired':
      return 'expired';
    case 'abandoned':
      return 'abandoned';
    case 'successful':
      return 'successful';
    case 'failed':
      return 'failed';
    default:
      // Closed without a reason should not happen; the status still tells the outcome.
      if (session.status === 'successful') return 'successful';
      if (session.status === 'failed') return 'failed';
      return session.status === 'abandoned' ? 'abandoned' : 'expired';
  }
}
