// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultCampaignDefinition } from '../../../contract/campaign';
import { initI18n } from '../../i18n/i18n';
import { CampaignsScreen } from './campaigns-screen';

beforeAll(() => void initI18n('en'));
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const OWN = 'cmp_0123456789abcdef0123456789abcdef';
/** The organisation's own campaign, stored without the defaults it does not change. */
const MERCHANTS = {
  steps: ['business', 'contact', 'representative', 'documents', 'questions', 'review'],
  requiredFields: { business: ['legalName', 'registrationNumber'], contact: ['generalEmail'], representative: ['firstName', 'lastName'], officer: ['firstName'], owner: ['firstName', 'lastName', 'nationality'] },
  documents: [
    { kind: 'business_registration', required: true, maxFiles: 2 },
    { kind: 'bank_letter', label: 'Bank letter', labels: { fr: 'Lettre de la banque' }, required: false, maxFiles: 1 },
  ],
  ownershipThreshold: 10,
  questions: [{ id: 'turnover', label: 'Annual turnover', type: 'single_choice', options: [{ value: 'small', label: 'Under 1m' }, { value: 'large', label: '1m or more' }], required: true }],
  allowedCountries: ['GBR', 'NGA'],
  livenessRequired: false,
};
const summary = (id: string, name: string, shared: boolean) => ({
  id, name, shared, publishedVersion: 1, latestVersion: 1, draftVersion: null, createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z',
});
const detail = (id: string, name: string, shared: boolean, definition: unknown) => ({
  ...summary(id, name, shared), versions: [{ version: 1, publishedAt: '2026-01-05T10:00:00.000Z', createdAt: '2026-01-05T10:00:00.000Z', definition }],
});
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The dashboard API as the screen sees it; POST /campaigns answers 404 for an id not the
 * organisation's (`ownIdGone`: as if its own campaign had gone meanwhile).
 */
function serve({ ownIdGone = false } = {}) {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace('/api/dashboard', '');
    if (path === '/campaigns' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      if (body.id !== undefined && (body.id !== OWN || ownIdGone)) return answer(404, { status: false, message: 'Campaign not found', error: { code: 'not_found' }, data: null, code: 404 });
      return answer(200, { status: true, message: 'Draft version added', data: detail(String(body.id ?? 'cmp_ffffffffffffffffffffffffffffffff'), String(body.name), false, body.definition), code: 200 });
    }
    if (path === '/campaigns') return answer(200, { status: true, message: 'Fetched campaigns', data: [summary('default', 'Default', true), summary(OWN, 'Merchants', false)], code: 200 });
    if (path === '/campaigns/default') return answer(200, { status: true, message: 'Fetched campaign', data: detail('default', 'Default', true, defaultCampaignDefinition), code: 200 });
    if (path === `/campaigns/${OWN}`) return answer(200, { status: true, message: 'Fetched campaign', data: detail(OWN, 'Merchants', false, MERCHANTS), code: 200 });
    return answer(404, { status: false, message: 'Not found', error: { code: 'not_found' }, data: null, code: 404 });
  }));
  return posted;
}
const card = async (name: string) => (await screen.findAllByTestId('campaign-card')).find((c) => c.textContent!.includes(name))!;
async function openDraft(name: string) {
  fireEvent.click(within(await card(name)).getByRole('button', { name: 'New campaign or draft' }));
  return screen.findByTestId('campaign-editor');
}
const group = (name: string, inside: HTMLElement = document.body) => within(inside).getByRole('group', { name });
const box = (inside: HTMLElement, name: string) => within(inside).getByRole('checkbox', { name }) as HTMLInputElement;
const field = (inside: HTMLElement, name: string | RegExp) => within(inside).getByLabelText(name) as HTMLInputElement;
const preview = () => screen.getByTestId('campaign-preview');
const previewSteps = () => within(preview()).getAllByTestId('preview-step').map((s) => s.dataset.step);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

describe('CampaignsScreen', () => {
  // New campaigns get their id from the server: a copy of the default carries none, a draft of
  // the organisation's own campaign keeps its id.
  it('starts a new campaign without an id and a draft of its own campaign with its id', async () => {
    const posted = serve();
    render(<CampaignsScreen />);
    let editor = await openDraft('Default');
    await waitFor(() => expect(field(editor, 'Name').value).toBe('Default (copy)'));
    expect(editor.textContent).toContain('A new campaign: the service gives it its id when you save.');
    save();
    await waitFor(() => expect(screen.getByTestId('campaigns-notice').textContent).toMatch(/Saved/i));
    expect(posted[0]).toEqual({ name: 'Default (copy)', definition: defaultCampaignDefinition });

    editor = await openDraft('Merchants');
    await waitFor(() => expect(field(editor, 'Name').value).toBe('Merchants'));
    expect(editor.textContent).toContain(`A new draft version of campaign ${OWN}.`);
    save();
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ id: OWN, name: 'Merchants' });
  });

  it('loads a stored definition into the controls and the preview', async () => {
    serve();
    render(<CampaignsScreen />);
    const editor = await openDraft('Merchants');
    const steps = group('Steps', editor);
    await waitFor(() => expect(box(steps, 'Business details').checked).toBe(true));
    expect(['Contact details', 'The representative', 'Supporting documents', 'Custom questions'].map((s) => box(steps, s).checked)).toEqual([true, true, true, true]);
    expect(['Officers', 'Owners', 'Selfie (liveness check)'].map((s) => box(steps, s).checked)).toEqual([false, false, false]);
    expect(box(editor, 'The selfie is required (the representative cannot skip it)').checked).toBe(false);

    const business = group('Business', group('Required fields', editor));
    expect(box(business, 'Legal name').checked).toBe(true);
    expect(box(business, 'Industry').checked).toBe(false);
    expect(box(group('Each owner', editor), 'Nationality').checked).toBe(true);
    expect(field(editor, 'Ownership threshold (percent)').value).toBe('10');

    const first = group('Document 1', editor);
    expect((within(first).getByLabelText('Kind of document') as HTMLSelectElement).value).toBe('business_registration');
    expect(field(first, 'Maximum number of files').value).toBe('2');
    const second = group('Document 2', editor);
    expect((within(second).getByLabelText('Kind of document') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Another kind (your own)');
    expect(field(second, 'Identifier of your kind').value).toBe('bank_letter');
    expect(field(second, 'Name shown to the representative').value).toBe('Bank letter');
    expect(field(second, 'Text in French').value).toBe('Lettre de la banque');
    expect(box(second, 'Required').checked).toBe(false);

    const question = group('Question 1', editor);
    expect(field(question, 'Question text').value).toBe('Annual turnover');
    expect(field(question, 'Question ID').value).toBe('turnover');
    expect((within(question).getByLabelText('Type of answer') as HTMLSelectElement).value).toBe('single_choice');
    expect([field(question, 'Answer 1').value, field(question, 'Value saved for answer 2').value]).toEqual(['Under 1m', 'large']);
    expect(within(group('Allowed countries', editor)).getAllByTestId('campaign-country').map((c) => c.textContent)).toEqual([
      expect.stringContaining('United Kingdom'), expect.stringContaining('Nigeria'),
    ]);

    // The preview: the stored steps in order, review last; the documents and the question as asked.
    expect(previewSteps()).toEqual(['business', 'contact', 'representative', 'documents', 'questions', 'review']);
    expect(within(preview()).getByTestId('preview-documents').textContent).toContain('Bank letter');
    expect(within(preview()).getByText('The business must be registered in: United Kingdom, Nigeria.')).toBeTruthy();
    const asked = within(preview()).getByRole('group', { name: /Annual turnover/ });
    expect(within(asked).getAllByRole('radio').map((r) => r.closest('label')!.textContent!.trim())).toEqual(['Under 1m', '1m or more']);
  });

  it('saves exactly what was edited: a step unticked, a question with its answers, a country', async () => {
    const posted = serve();
    render(<CampaignsScreen />);
    const editor = await openDraft('Default');
    await waitFor(() => expect(previewSteps()).toContain('officers'));

    fireEvent.click(box(group('Steps', editor), 'Officers'));
    expect(previewSteps()).not.toContain('officers');

    // A first question also ticks its step.
    fireEvent.click(within(editor).getByRole('button', { name: 'Add a question' }));
    const question = group('Question 1', editor);
    expect(box(group('Steps', editor), 'Custom questions').checked).toBe(true);
    fireEvent.change(field(question, 'Question text'), { target: { value: 'Where do you sell?' } });
    fireEvent.change(within(question).getByLabelText('Type of answer'), { target: { value: 'single_choice' } });
    fireEvent.click(within(question).getByRole('button', { name: 'Add an answer' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Add an answer' }));
    fireEvent.change(field(question, 'Answer 1'), { target: { value: 'Online' } });
    fireEvent.change(field(question, 'Answer 2'), { target: { value: 'In shops' } });
    fireEvent.click(box(question, 'An answer is required'));

    const countries = group('Allowed countries', editor);
    fireEvent.change(within(countries).getByRole('combobox', { name: 'Add a country' }), { target: { value: 'Fran' } });
    fireEvent.click(within(countries).getByRole('option', { name: 'France' }));

    await waitFor(() => expect(within(preview()).queryByRole('group', { name: /Where do you sell\?/ })).not.toBeNull());
    const asked = within(preview()).getByRole('group', { name: /Where do you sell\?/ });
    expect(asked.textContent).toContain('required');
    expect(within(asked).getAllByRole('radio')).toHaveLength(2);
    expect(previewSteps()).toEqual(['business', 'contact', 'representative', 'ownership', 'documents', 'liveness', 'questions', 'review']);

    save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      name: 'Default (copy)',
      definition: {
        ...defaultCampaignDefinition,
        steps: ['business', 'contact', 'representative', 'ownership', 'documents', 'liveness', 'questions', 'review'],
        questions: [{ id: 'question_1', label: 'Where do you sell?', type: 'single_choice', options: [{ value: 'option_1', label: 'Online' }, { value: 'option_2', label: 'In shops' }], required: true }],
        allowedCountries: ['FRA'],
      },
    });
  });

  it('puts questions in order with the move buttons and keeps each one\'s answers', async () => {
    const posted = serve();
    render(<CampaignsScreen />);
    const editor = await openDraft('Merchants');
    fireEvent.click(await within(editor).findByRole('button', { name: 'Add a question' }));
    fireEvent.change(field(group('Question 2', editor), 'Question text'), { target: { value: 'Website' } });
    fireEvent.click(within(group('Question 2', editor)).getByRole('button', { name: 'Move question 2 up' }));
    expect(field(group('Question 1', editor), 'Question text').value).toBe('Website');
    expect(field(group('Question 2', editor), 'Answer 1').value).toBe('Under 1m');
    expect(document.activeElement).toBe(within(group('Question 1', editor)).getByRole('button', { name: 'Move question 1 down' }));
    const labels = () => within(screen.getByTestId('preview-questions')).getAllByTestId('preview-question').map((q) => q.textContent);
    expect(labels()).toEqual([expect.stringContaining('Website'), expect.stringContaining('Annual turnover')]);

    save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0]!.definition as { questions: { id: string }[] }).questions.map((q) => q.id)).toEqual(['question_2', 'turnover']);
  });

  it('puts documents in order with the move buttons, each keeping its own settings, and says so', async () => {
    const posted = serve();
    render(<CampaignsScreen />);
    const editor = await openDraft('Merchants');
    const second = await within(editor).findByRole('group', { name: 'Document 2' });
    expect(within(group('Document 1', editor)).getByRole('button', { name: 'Move document 1 up' })).toHaveProperty('disabled', true);
    expect(within(second).getByRole('button', { name: 'Move document 2 down' })).toHaveProperty('disabled', true);
    fireEvent.click(within(second).getByRole('button', { name: 'Move document 2 up' }));
    const first = group('Document 1', editor);
    expect(field(first, 'Name shown to the representative').value).toBe('Bank letter');
    expect(field(first, 'Text in French').value).toBe('Lettre de la banque');
    expect(box(first, 'Required').checked).toBe(false);
    expect((within(group('Document 2', editor)).getByLabelText('Kind of document') as HTMLSelectElement).value).toBe('business_registration');
    // The focus stays with the moved document (its Up button is now disabled: the other one).
    expect(document.activeElement).toBe(within(first).getByRole('button', { name: 'Move document 1 down' }));
    expect(within(group('Supporting documents', editor)).getByRole('status').textContent).toBe('Document 2 is now document 1.');
    expect(within(preview()).getByTestId('preview-documents').textContent).toMatch(/^Bank letter/);

    save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect((posted[0]!.definition as { documents: { kind: string }[] }).documents.map((d) => d.kind)).toEqual(['bank_letter', 'business_registration']);
  });

  it('says what is wrong next to the field and sends nothing while the campaign is invalid', async () => {
    const posted = serve();
    render(<CampaignsScreen />);
    const editor = await openDraft('Default');
    await waitFor(() => expect(field(editor, 'Name').value).toBe('Default (copy)'));

    fireEvent.click(within(editor).getByRole('button', { name: 'Add a question' }));
    const question = group('Question 1', editor);
    fireEvent.change(field(question, 'Question text'), { target: { value: 'Where do you sell?' } });
    fireEvent.change(within(question).getByLabelText('Type of answer'), { target: { value: 'single_choice' } });
    const threshold = field(editor, 'Ownership threshold (percent)');
    fireEvent.change(threshold, { target: { value: '150' } });
    save();

    const options = await within(question).findByText('A choice question needs at least 2 answers to choose from.');
    expect(group('Answers to choose from', question).getAttribute('aria-describedby')).toBe(options.id);
    const range = within(editor).getByText('Enter a share above 0 and up to 100.');
    expect(threshold.getAttribute('aria-describedby')).toContain(range.id);
    expect(threshold.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('campaign-problems').textContent).toBe('2 things to fix before saving: see the messages next to them.');
    await new Promise((r) => setTimeout(r, 20));
    expect(posted).toEqual([]);

    // Each fix takes its message away at once; then Save sends.
    fireEvent.change(threshold, { target: { value: '20' } });
    await waitFor(() => expect(within(editor).queryByText('Enter a share above 0 and up to 100.')).toBeNull());
    fireEvent.change(within(question).getByLabelText('Type of answer'), { target: { value: 'yes_no' } });
    await waitFor(() => expect(screen.queryByTestId('campaign-problems')).toBeNull());
    save();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.definition).toMatchObject({ ownershipThreshold: 20, questions: [{ id: 'question_1', type: 'yes_no', options: [] }] });
  });

  it('blocks a definition the contract refuses across fields (the selfie required without its step)', async () => {
    const posted = serve();
    render(<CampaignsScreen />);
    const editor = await openDraft('Default');
    await waitFor(() => expect(box(group('Steps', editor), 'Selfie (liveness check)').checked).toBe(true));
    fireEvent.click(box(group('Steps', editor), 'Selfie (liveness check)'));
    save();
    expect(await within(editor).findByText(/The selfie is required but its step is not ticked/)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(box(editor, 'The selfie is required (the representative cannot skip it)'));
    await waitFor(() => expect(within(editor).queryByText(/The selfie is required but its step is not ticked/)).toBeNull());
  });

  it('explains an id that is none of the organisation\'s campaigns', async () => {
    serve({ ownIdGone: true });
    render(<CampaignsScreen />);
    const editor = await openDraft('Merchants');
    await waitFor(() => expect(field(editor, 'Name').value).toBe('Merchants'));
    save();
    await waitFor(() => expect(screen.getByTestId('campaign-save-error').textContent).toBe('No campaign of your organisation has this id. Leave out the id to create a new campaign.'));
    expect(screen.getByTestId('campaign-editor')).toBeTruthy();
  });
});
