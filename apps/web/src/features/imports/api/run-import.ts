import { API_BASE_PATH, type ImportEvent, type ImportKind, type ImportMode, type Language } from '@tna/domain';
import { ApiError, apiErrorFrom } from '../../../lib/api-error';
import { getToken } from '../../../lib/auth-storage';
import { handleUnauthorized } from '../../../lib/session';

export type ImportDone = Extract<ImportEvent, { type: 'done' }>;

export interface ImportProgress {
  /** Sending the file, then reading its rows on the server. */
  phase: 'upload' | 'rows';
  fraction: number;
  rows: number;
}

/** The import failed on the server after it had started (some batches may have been written). */
export class ImportFailed extends Error {
  constructor(
    message: string,
    readonly written: number,
  ) {
    super(message);
  }
}

/**
 * POST /api/imports/{kind}/{mode} with the file, through XMLHttpRequest: it reports the upload's
 * progress (fetch cannot), and the answer's JSON lines are read as they arrive, for the progress of
 * the rows. Resolves with the last line (`done`).
 */
export function runImport(
  kind: ImportKind,
  mode: ImportMode,
  file: File,
  language: Language,
  onProgress: (progress: ImportProgress) => void,
): { done: Promise<ImportDone>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ImportDone>((resolve, reject) => {
    xhr.open('POST', `${API_BASE_PATH}/imports/${kind}/${mode}?lang=${language}`);
    xhr.setRequestHeader('Accept', 'application/x-ndjson, application/json');
    xhr.setRequestHeader('Accept-Language', language);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    let read = 0;
    let last: ImportEvent | null = null;
    const takeLines = () => {
      const text = xhr.responseText;
      let end = text.indexOf('\n', read);
      while (end >= 0) {
        const line = text.slice(read, end).trim();
        read = end + 1;
        if (line) {
          last = JSON.parse(line) as ImportEvent;
          if (last.type === 'progress') onProgress({ phase: 'rows', fraction: last.fraction, rows: last.rows });
        }
        end = text.indexOf('\n', read);
      }
    };
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress({ phase: 'upload', fraction: e.loaded / e.total, rows: 0 });
    };
    xhr.onprogress = () => {
      if (xhr.status === 200) takeLines();
    };
    xhr.onload = () => {
      if (xhr.status !== 200) {
        if (xhr.status === 401) handleUnauthorized();
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // not JSON
        }
        reject(apiErrorFrom(xhr.status, body));
        return;
      }
      takeLines();
      const end = last as ImportEvent | null;
      if (end?.type === 'done') resolve(end);
      else if (end?.type === 'failed') reject(new ImportFailed(end.message, end.written));
      else reject(new ApiError({ status: 0, code: 'NETWORK', message: 'The answer ended early' }));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'NETWORK', message: 'Network error' }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
