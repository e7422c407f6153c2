// What a hosted API answered, read the same way by both hosted clients (individual, company) and
// for both ways they send (fetch, XMLHttpRequest): the status, and the JSON body or null.

/** An HTTP answer: the status and the parsed JSON body (null when the body is empty or not JSON). */
export interface HttpAnswer {
  status: number;
  json: unknown;
}

/** A 2xx answer; anything else carries the API's error envelope (or a proxy's page). */
export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** A body that is empty or not JSON (a proxy's error page) reads as null: the status alone decides. */
export function parseJsonText(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Reads a fetch answer's body as JSON once; see parseJsonText for bodies that are not. */
export async function readAnswer(response: Response): Promise<HttpAnswer> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status alone decides.
    json = null;
  }
  return { status: response.status, json };
}

/**
 * The answer when it is a 2xx; otherwise the client's own error, built from the status and the
 * error envelope (each API maps its envelope to its own error type).
 */
export function successOrThrow(answer: HttpAnswer, toError: (status: number, json: unknown) => Error): HttpAnswer {
  if (!isSuccess(answer.status)) throw toError(answer.status, answer.json);
  return answer;
}
