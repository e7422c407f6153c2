import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { companyRecordSchema, type CompanyRecord } from '../../src/contract/company';
import { startWebhookReceiver, type ReceivedRequest, type WebhookReceiver } from '../../src/server/testing/webhook-receiver';
import { textPdf } from '../support/text-pdf';
import { E2E_BASE } from '../support/env';
import { adminCall, createKey, customerCall } from '../support/service';

/** A campaign of every step plus the custom questions, published; unique id per call. */
export async function publishCampaign(): Promise<{ id: string; version: number }> {
  const id = `e2e-${randomBytes(4).toString('hex')}`;
  const definition = {
    steps: ['business', 'contact', 'representative', 'officers', 'ownership', 'documents', 'liveness', 'questions', 'review'],
    questions: [
      {
        id: 'monthly_volume', label: 'Expected monthly volume', type: 'single_choice', required: true,
        options: [{ value: 'low', label: 'Under 10,000' }, { value: 'high', label: '10,000 or more' }],
      },
      { id: 'source_of_funds', label: 'Where does your money come from?', type: 'short_text', required: true },
    ],
  };
  await adminCall('POST', '/campaigns', { id, name: `E2E ${id}`, definition });
  const published = await adminCall<{ publishedVersion: number }>('POST', `/campaigns/${id}/publish`);
  return { id, version: published.publishedVersion };
}

/** A key of the given mode whose events and decisions go to a fresh signing-checking receiver. */
export async function keyWithReceiver(mode: 'test' | 'live', settings: Record<string, unknown> = {}): Promise<{ apiKey: string; receiver: WebhookReceiver }> {
  const receiver = await startWebhookReceiver();
  const key = await createKey(mode, receiver.url('/events'), receiver.url('/decision'), settings);
  receiver.setSecret(key.apiKey);
  return { apiKey: key.apiKey, receiver };
}

export interface CreatedCompany {
  link: string;
  verificationId: string;
  processId: string;
  hostedToken: string;
  campaignVersion: number;
}

export async function createCompany(apiKey: string, body: Record<string, unknown>): Promise<CreatedCompany> {
  const res = await customerCall<{ link: string; verificationId: string; campaignVersion: number }>(apiKey, 'POST', '/company-verifications', body);
  if (res.status !== 200) throw new Error(`create company: ${res.status} ${res.body.message}`);
  const url = new URL(res.body.data.link);
  return {
    ...res.body.data,
    processId: url.searchParams.get('processId') ?? '',
    hostedToken: url.searchParams.get('hostedToken') ?? '',
  };
}

/**
 * The customer's record from the list endpoint (the spec's way to read company verifications),
 * checked against the contract's record schema.
 */
export async function listedRecord(apiKey: string, verificationId: string): Promise<CompanyRecord> {
  const res = await customerCall<unknown[]>(apiKey, 'GET', '/company-verifications?limit=100');
  if (res.status !== 200) throw new Error(`list: ${res.status} ${res.body.message}`);
  const records = res.body.data.map((r) => companyRecordSchema.parse(r));
  const record = records.find((r) => r.verificationId === verificationId);
  if (!record) throw new Error(`list: ${verificationId} not listed`);
  return record;
}

/** A company webhook body: `{ event, data }`. */
export interface CompanyEvent {
  event: string;
  data: Record<string, unknown>;
}

export const bodyOf = (r: ReceivedRequest): CompanyEvent => r.json as CompanyEvent;
export const isEvent = (name: string) => (r: ReceivedRequest): boolean => (r.json as Partial<CompanyEvent> | null)?.event === name;

const filesDir = resolve('.tmp/e2e-files');

/** A one-page PDF certificate and a PNG utility bill, written for upload. */
export async function documentFiles(): Promise<{ pdf: string; png: string }> {
  mkdirSync(filesDir, { recursive: true });
  const pdf = join(filesDir, 'certificate-of-incorporation.pdf');
  writeFileSync(pdf, textPdf(['Certificate of incorporation', 'Harbour Logistics Ltd', 'RC7654321']));
  const png = join(filesDir, 'utility-bill.png');
  writeFileSync(png, await sharp({ create: { width: 600, height: 800, channels: 3, background: '#f4f1ea' } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><text x="40" y="80" font-size="36" font-family="DejaVu Sans">Utility bill · 1 Marina Rd</text></svg>') }])
    .png().toBuffer());
  return { pdf, png };
}

/** Every section of the default campaign, valid for submit (the form's saved shape). */
export const completeSections = {
  business: {
    legalName: 'Harbour Logistics Ltd', registrationNumber: 'RC7654321', registrationType: 'private_limited',
    countryOfRegistration: 'NGA', businessBvn: '22212345679', industry: 'Logistics', description: 'Freight forwarding', website: 'https://harbour.example',
  },
  contact: { generalEmail: 'ops@harbour.example', generalPhone: '+2348031234570', addressLine1: '5 Wharf Rd', city: 'Lagos', state: 'Lagos', country: 'NGA' },
  representative: {
    firstName: 'Chidi', lastName: 'Eze', email: 'chidi@harbour.example', phone: '+2348031234571', relationshipToBusiness: 'director',
    isAuthorised: true, idDocumentType: 'PASSPORT', idDocumentNumber: 'B7654321', idIssuingCountry: 'NGA',
  },
  officers: { items: [{ firstName: 'Chidi', lastName: 'Eze', role: 'director', email: 'chidi@harbour.example' }] },
  ownership: { owners: [{ firstName: 'Chidi', lastName: 'Eze', share: 100, dateOfBirth: '1979-03-04', nationality: 'NGA' }] },
};

/** The hosted company API as the web app calls it (the link's token in `x-hosted-token`). */
export function hostedClient(c: Pick<CreatedCompany, 'processId' | 'hostedToken'>) {
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> => {
    const isBytes = body instanceof Uint8Array;
    const res = await fetch(`${E2E_BASE}/api/v1/hosted/company-verifications/${c.processId}${path}`, {
      method,
      headers: { 'x-hosted-token': c.hostedToken, ...(isBytes ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : JSON.stringify(body),
    });
    const json = await res.json() as { message: string; error: unknown; data: unknown };
    if (!res.ok) throw new Error(`hosted ${method} ${path}: ${res.status} ${json.message} ${JSON.stringify(json.error)}`);
    return json.data;
  };
}

/**
 * Fills and submits a default-campaign verification through the hosted API (no browser). The
 * representative's selfie goes up as a picked file, so the key must allow selfie upload
 * (`keyWithReceiver(mode, { selfieUpload: true })`); its liveness is then `not_live`.
 */
export async function fillAndSubmitViaHostedApi(c: CreatedCompany, opts: { submit?: boolean; liveness?: boolean; sections?: Partial<typeof completeSections> } = {}): Promise<void> {
  const api = hostedClient(c);
  // What Start on the welcome screen sends: the representative's consent with the first save.
  await api('PATCH', '/draft', { consent: true, currentStep: 0 });
  for (const [section, data] of Object.entries({ ...completeSections, ...opts.sections })) await api('PATCH', '/draft', { section, data });
  const { pdf, png } = await documentFiles();
  await api('PUT', '/documents/business_registration', new Uint8Array(readFileSync(pdf)), { 'x-file-name': 'registration.pdf' });
  await api('PUT', '/documents/proof_of_address', new Uint8Array(readFileSync(png)), { 'x-file-name': 'bill.png' });
  if (opts.liveness === false) return;
  await api('POST', '/liveness');
  const selfie = await sharp(resolve('e2e/fixtures/grace_hopper.jpg')).jpeg().toBuffer();
  await api('POST', '/liveness/selfie', new Uint8Array(selfie), { 'content-type': 'image/jpeg' });
  if (opts.submit !== false) await api('POST', '/submit');
}
