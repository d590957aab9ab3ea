import { LIMITS, type StorageBucket, type UploadResponse } from '@sys/shared';
import { API_BASE, ApiError, accessToken, apiErrorFrom } from './api-client';

/** Called with the bytes of this file sent so far. */
export type UploadProgress = (loaded: number) => void;

/**
 * Uploads one file to a bucket: in one multipart request (XHR, for its progress events), or resumably in
 * 1MB chunks over tus when it is larger than 50MB (spec section 9), so a dropped connection does not
 * start it over. Both answer with the stored file.
 */
export async function uploadMedia(
  file: File,
  bucket: StorageBucket,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  const token = await accessToken();
  if (!token) throw new ApiError(401, 'not_authenticated', 'User not authenticated');
  return file.size > LIMITS.chunkedUploadThresholdBytes
    ? uploadResumable(file, bucket, token, onProgress, signal)
    : uploadInOneRequest(file, bucket, token, onProgress, signal);
}

function uploadInOneRequest(
  file: File,
  bucket: StorageBucket,
  token: string,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/storage/${bucket}`);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    // The form's overhead makes the event totals a little larger than the file: scale to the file.
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * file.size);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size);
        resolve(xhr.response as UploadResponse);
      } else {
        reject(apiErrorFrom(xhr.status, xhr.response, xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload failed: check your connection'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

async function uploadResumable(
  file: File,
  bucket: StorageBucket,
  token: string,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  const { Upload } = await import('tus-js-client');
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${API_BASE}/storage/${bucket}/resumable`,
      headers: { Authorization: `Bearer ${token}` },
      chunkSize: LIMITS.uploadChunkBytes,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: { filename: file.name, filetype: file.type },
      // An interrupted upload of the same file continues where it stopped, also after a reload.
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent) => onProgress(sent),
      onSuccess: ({ lastResponse }) => {
        try {
          resolve(JSON.parse(lastResponse.getBody()) as UploadResponse);
        } catch {
          reject(new ApiError(502, 'bad_response', 'The upload finished without a stored file'));
        }
      },
      onError: (error) => {
        const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } })
          .originalResponse;
        if (response) {
          let body: unknown;
          try {
            body = JSON.parse(response.getBody());
          } catch {
            body = undefined;
          }
          reject(apiErrorFrom(response.getStatus(), body));
        } else reject(new ApiError(0, 'network_error', error.message));
      },
    });
    signal?.addEventListener(
      'abort',
      () => {
        void upload.abort(true);
        reject(new DOMException('The upload was cancelled', 'AbortError'));
      },
      { once: true },
    );
    void upload.findPreviousUploads().then((previous) => {
      const last = previous[0];
      if (last) upload.resumeFromPreviousUpload(last);
      upload.start();
    });
  });
}
