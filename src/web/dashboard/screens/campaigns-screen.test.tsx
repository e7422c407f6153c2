// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { CampaignsScreen } from './campaigns-screen';

beforeAll(() => void initI18n('en'));
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const OWN = 'cmp_0123456789abcdef0123456789abcdef';
const summary = (id: string, name: string, shared: boolean) => ({
  id, name, shared, publishedVersion: 1, latestVersion: 1, draftVersion: null, createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z',
});
const detail = (id: string, name: string, shared: boolean) => ({
  ...summary(id, name, shared), versions: [{ version: 1, publishedAt: '2026-01-05T10:00:00.000Z', createdAt: '2026-01-05T10:00:00.000Z', definition: { steps: ['business', 'review'] } }],
});
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The dashboard API as the screen sees it; POST /campaigns answers 404 for an id not the organisation's. */
function serve() {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/dashboard', '');
    if (path === '/campaigns' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      if (body.id !== undefined && body.id !== OWN) return answer(404, { status: false, message: 'Campaign not found', error: { code: 'not_found' }, data: null, code: 404 });
      return answer(200, { status: true, message: 'Draft version added', data: detail(String(body.id ?? 'cmp_ffffffffffffffffffffffffffffffff'), String(body.name), false), code: 200 });
    }
    if (path === '/campaigns') return answer(200, { status: true, message: 'Fetched campaigns', data: [summary('default', 'Default', true), summary(OWN, 'Merchants', false)], code: 200 });
    if (path === '/campaigns/default') return answer(200, { status: true, message: 'Fetched campaign', data: detail('default', 'Default', true), code: 200 });
    if (path === `/campaigns/${OWN}`) return answer(200, { status: true, message: 'Fetched campaign', data: detail(OWN, 'Merchants', false), code: 200 });
    return answer(404, { status: false, message: 'Not found', error: { code: 'not_found' }, data: null, code: 404 });
  }));
  return posted;
}
const card = async (name: string) => (await screen.findAllByTestId('campaign-card')).find((c) => c.textContent!.includes(name))!;
const json = () => JSON.parse((screen.getByLabelText(/Definition \(JSON\)/) as HTMLTextAreaElement).value) as Record<string, unknown>;

// New campaigns get their id from the server: a copy of the default carries none, a draft of the
// organisation's own campaign keeps its id, and an id not the organisation's is explained.
describe('CampaignsScreen', () => {
  it('starts a new campaign without an id and a draft of its own campaign with its id', async () => {
    const posted = serve();
    render(<CampaignsScreen />);
    fireEvent.click(within(await card('Default')).getByRole('button', { name: 'New campaign or draft' }));
    await waitFor(() => expect(json()).toMatchObject({ name: 'Default (copy)' }));
    expect(json()).not.toHaveProperty('id');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByTestId('campaigns-notice').textContent).toMatch(/Saved/i));
    expect(posted[0]).not.toHaveProperty('id');

    fireEvent.click(within(await card('Merchants')).getByRole('button', { name: 'New campaign or draft' }));
    await waitFor(() => expect(json()).toMatchObject({ id: OWN, name: 'Merchants' }));
  });

  it('explains an id that is none of the organisation\'s campaigns', async () => {
    serve();
    render(<CampaignsScreen />);
    fireEvent.click(within(await card('Merchants')).getByRole('button', { name: 'New campaign or draft' }));
    await waitFor(() => expect(json()).toMatchObject({ id: OWN }));
    fireEvent.change(screen.getByLabelText(/Definition \(JSON\)/), { target: { value: JSON.stringify({ ...json(), id: 'my-own-choice' }) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByTestId('campaigns-notice').textContent).toBe('No campaign of your organisation has this id. Leave out the id to create a new campaign.'));
  });
});
