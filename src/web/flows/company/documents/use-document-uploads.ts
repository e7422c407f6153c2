// Uploads of supporting documents: checks first, shrinks oversized photos, sends with progress,
// retries by itself on network trouble and only then shows a "Try again".
import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_MAX_BYTES, type UploadedDocument } from '../../../../contract/hosted-company';
import { withRetry } from '../../../api/retry';
import { encodeImageFile } from '../../../capture/encode-image';
import { CompanyApiError } from '../api/api-error';
import type { CompanyApi } from '../api/company-api';
import { checkDocumentFile, documentType, type FileProblem } from './file-check';

export type UploadProblem = FileProblem | 'fileUnreadable' | 'uploadFailed';

export interface PendingUpload {
  key: string;
  kind: string;
  fileName: string;
  /** 0..1 */
  progress: number;
  problem: UploadProblem | null;
}

/** Automatic attempts per file before the person is asked (network errors and 5xx only). */
const UPLOAD_RETRY = { tries: 4, baseMs: 1000, capMs: 8000 };

function problemOf(error: unknown): UploadProblem {
  if (!(error instanceof CompanyApiError)) return 'uploadFailed';
  switch (error.code) {
    case 'media_too_large':
      return 'fileTooLarge';
    case 'unsupported_media_type':
      return 'fileType';
    case 'invalid_media':
      return 'fileUnreadable';
    case 'too_many_files':
      return 'tooManyFiles';
    default:
      return 'uploadFailed';
  }
}

/** Photos over the limit are re-encoded to a JPEG of at most 2400 px (plenty to read a document). */
async function prepare(file: File): Promise<File | UploadProblem> {
  const type = documentType(file);
  if (file.size <= DOCUMENT_MAX_BYTES || type === 'application/pdf') return file;
  try {
    const encoded = await encodeImageFile(file, 'document');
    if (encoded.blob.size > DOCUMENT_MAX_BYTES) return 'fileTooLarge';
    const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
    return new File([encoded.blob], name, { type: 'image/jpeg' });
  } catch {
    return 'fileUnreadable';
  }
}

export interface DocumentUploads {
  pending: PendingUpload[];
  /** Starts uploads of the picked files; `existing` is how many this kind already has. */
  add(kind: string, files: readonly File[], existing: number, maxFiles: number): void;
  retry(key: string): void;
  dismiss(key: string): void;
}

export function useDocumentUploads(
  api: Pick<CompanyApi, 'uploadDocument'>,
  onUploaded: (doc: UploadedDocument) => void,
  onLinkClosed: (error: CompanyApiError) => void,
): DocumentUploads {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const files = useRef(new Map<string, File>());
  const seq = useRef(0);
  const callbacks = useRef({ onUploaded, onLinkClosed });
  useEffect(() => {
    callbacks.current = { onUploaded, onLinkClosed };
  });

  const update = useCallback((key: string, patch: Partial<PendingUpload>) => {
    setPending((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));
  }, []);

  const run = useCallback(
    async (key: string, kind: string) => {
      const original = files.current.get(key);
      if (!original) return;
      update(key, { problem: null, progress: 0 });
      const prepared = await prepare(original);
      if (typeof prepared === 'string') {
        update(key, { problem: prepared });
        return;
      }
      try {
        const doc = await withRetry(
          () => api.uploadDocument(kind, prepared, (progress) => update(key, { progress })),
          {
            policy: UPLOAD_RETRY,
            isRetryable: (e) => e instanceof CompanyApiError && e.retryable,
            onRetry: () => update(key, { progress: 0 }),
          },
        );
        files.current.delete(key);
        setPending((list) => list.filter((u) => u.key !== key));
        callbacks.current.onUploaded(doc);
      } catch (error) {
        if (error instanceof CompanyApiError && error.linkClosed) callbacks.current.onLinkClosed(error);
        update(key, { problem: problemOf(error) });
      }
    },
    [api, update],
  );

  const add = useCallback(
    (kind: string, picked: readonly File[], existing: number, maxFiles: number) => {
      const inFlight = pending.filter((u) => u.kind === kind && u.problem === null).length;
      const created: PendingUpload[] = [];
      let count = existing + inFlight;
      for (const file of picked) {
        const key = `u${++seq.current}`;
        const problem = checkDocumentFile(file, count, maxFiles);
        created.push({ key, kind, fileName: file.name, progress: 0, problem });
        if (!problem) {
          count++;
          files.current.set(key, file);
        }
      }
      setPending((list) => [...list, ...created]);
      for (const u of created) if (!u.problem) void run(u.key, kind);
    },
    [pending, run],
  );

  const retry = useCallback(
    (key: string) => {
      const u = pending.find((x) => x.key === key);
      if (u && files.current.has(key)) void run(key, u.kind);
    },
    [pending, run],
  );

  const dismiss = useCallback((key: string) => {
    files.current.delete(key);
    setPending((list) => list.filter((u) => u.key !== key));
  }, []);

  return { pending, add, retry, dismiss };
}
