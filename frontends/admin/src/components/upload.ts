// Multipart uploads with progress (back office §4: 'Upload progress: 0 to 100, reset to 0 on
// completion or failure'). fetch() cannot report upload progress, so this uses XMLHttpRequest's
// upload.onprogress; the access token is sent and refreshed once on 401, as authApi does.
import { ApiError, refreshSession, type ApiAnswer } from '@taal/web-shared/api';
import { read, STORAGE_KEYS } from '@taal/web-shared/session';

function send<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<{ status: number; body: Record<string, unknown> & { data?: T } }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = read(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = { message: `Request failed (${xhr.status})` };
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError('Network error', 0));
    xhr.onabort = () => reject(new ApiError('Aborted', 0));
    xhr.send(form);
  });
}

/** POSTs `form` to an API path, reporting 0–100 while the body goes up; the answer's data or an ApiError. */
export async function uploadWithProgress<T>(path: string, form: FormData, onProgress: (percent: number) => void): Promise<ApiAnswer<T>> {
  const token = read(STORAGE_KEYS.token);
  let reply = await send<T>(path, form, onProgress);
  if (reply.status === 401 && token && (await refreshSession(token))) reply = await send<T>(path, form, onProgress);
  const b = reply.body;
  if (reply.status >= 400 || b.success === false) {
    throw new ApiError(
      String(b.message ?? `Request failed (${reply.status})`),
      reply.status,
      b.code as string | undefined,
      b.fields as Record<string, string> | undefined,
      (b.reason ?? b.code) as string | undefined,
      b.fieldReasons as Record<string, string> | undefined,
    );
  }
  return { data: b.data as T, message: typeof b.message === 'string' ? b.message : undefined };
}
