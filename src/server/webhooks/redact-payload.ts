/**
 * The fields of a webhook body that say nothing about a person: ids, the event, states and
 * times. Everything else (docInfo, image and media links, names, addresses, vendorData and meta,
 * which a customer may fill with personal data, reasons that may quote a document) is left out.
 */
const SAFE_DATA_FIELDS = new Set([
  'verificationId', 'companyVerificationId', 'status', 'statusCode', 'occurredAt', 'submittedAt', 'reasonCode',
  'campaignId', 'campaignVersion', 'keyId', 'destination', 'sentAt', 'message',
]);

/** A webhook body as a role that may not read cases sees it. */
export interface RedactedPayload {
  event: string | null;
  data: Record<string, string | number | boolean | null>;
  /** The names of the fields left out (not their values), so the shape of the body stays readable. */
  omitted: string[];
}

/**
 * Keeps only SAFE_DATA_FIELDS with scalar values, and never a URL even there: developers see
 * that an event went out, when, and what the receiver answered, without the identity data or a
 * link to the images (valid for days) that the body carries.
 */
export function redactWebhookPayload(payload: unknown): RedactedPayload {
  const body = payload !== null && typeof payload === 'object' && !Array.isArray(payload) ? payload as Record<string, unknown> : {};
  const event = typeof body.event === 'string' ? body.event : null;
  const rawData = body.data !== null && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data as Record<string, unknown> : {};
  const data: RedactedPayload['data'] = {};
  const omitted: string[] = [];
  for (const [key, value] of Object.entries(rawData)) {
    const scalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
    const link = typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
    if (SAFE_DATA_FIELDS.has(key) && scalar && !link) data[key] = value as string | number | boolean | null;
    else omitted.push(key);
  }
  for (const key of Object.keys(body)) if (key !== 'event' && key !== 'data') omitted.push(key);
  return { event, data, omitted: omitted.sort() };
}
