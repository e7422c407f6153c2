// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadedDocument } from '../../../../contract/hosted-company';
import { CompanyApiError } from '../api/api-error';
import { noop, renderWithApp, testCampaign } from '../test-utils';
import { DocumentsStep } from './documents-step';

afterEach(cleanup);

function setup(uploadDocument: (kind: string, file: File) => Promise<UploadedDocument>) {
  const api = { uploadDocument: vi.fn(uploadDocument), deleteDocument: vi.fn(async () => undefined) };
  const onNext = vi.fn();
  function Harness() {
    const [documents, setDocuments] = useState<UploadedDocument[]>([]);
    return (
      <DocumentsStep
        campaign={testCampaign()}
        api={api}
        documents={documents}
        onUploaded={(d) => setDocuments((list) => [...list, d])}
        onRemoved={(id) => setDocuments((list) => list.filter((d) => d.id !== id))}
        onLinkClosed={noop}
        onNext={onNext}
        onBack={noop}
        position={{ current: 6, total: 8 }}
        nextLabel="Continue"
        issues={[]}
      />
    );
  }
  renderWithApp(<Harness />);
  return { api, onNext };
}

const pick = (kind: string, file: File) =>
  fireEvent.change(screen.getByTestId(`documents-${kind}-input`), { target: { files: [file] } });
const doc = (kind: string, file: File): UploadedDocument => ({
  id: `doc-${file.name}`, kind, fileName: file.name, contentType: 'application/pdf', size: file.size, uploadedAt: '2026-01-01T00:00:00Z',
});

describe('documents step', () => {
  it('refuses a file of the wrong type before any upload', async () => {
    const { api } = setup(async (kind, file) => doc(kind, file));
    pick('business_registration', new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    const problem = await screen.findByTestId('document-problem');
    expect(problem.textContent).toContain("This type of file can't be used");
    expect(api.uploadDocument).not.toHaveBeenCalled();
  });

  it('uploads, lists and removes files; Continue needs every required kind', async () => {
    const { api, onNext } = setup(async (kind, file) => doc(kind, file));
    fireEvent.click(screen.getByTestId('continue'));
    expect((await screen.findByTestId('documents-business_registration-error')).textContent).toBe('Add at least one file.');
    expect(onNext).not.toHaveBeenCalled();

    pick('business_registration', new File(['%PDF-1.4'], 'register.pdf', { type: 'application/pdf' }));
    pick('proof_of_address', new File(['%PDF-1.4'], 'bill.pdf', { type: 'application/pdf' }));
    const card = screen.getByTestId('documents-business_registration');
    await waitFor(() => expect(within(card).getAllByTestId('document-file')).toHaveLength(1));
    expect(api.uploadDocument).toHaveBeenCalledWith('business_registration', expect.any(File), expect.any(Function));
    await waitFor(() => expect(screen.queryByTestId('documents-business_registration-error')).toBeNull());

    fireEvent.click(screen.getByTestId('continue'));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));

    fireEvent.click(within(card).getByTestId('document-remove'));
    await waitFor(() => expect(within(card).queryAllByTestId('document-file')).toHaveLength(0));
    expect(api.deleteDocument).toHaveBeenCalledWith('business_registration', 'doc-register.pdf');
  });

  it("shows the server's refusal beside the file, without a pointless retry", async () => {
    const { api } = setup(async () => {
      throw new CompanyApiError('unsupported_media_type', 415);
    });
    pick('proof_of_address', new File(['x'], 'scan.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('document-problem')).textContent).toContain("This type of file can't be used");
    expect(api.uploadDocument).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('document-retry')).toBeNull();
  });
});
