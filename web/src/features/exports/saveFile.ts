import { apiFetch, isApiError } from '../../lib/api';
import { toast } from '../../ui/toast';

export const DOWNLOAD_ERROR_MSG = '下载出错，请重试';

/** The UTF-8 name of `filename*=UTF-8''...` (RFC 5987), else the plain `filename="..."`. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed escape: fall back to the ASCII name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : null;
}

/**
 * Fetches a record's xlsx with the session's Authorization header (the api client adds it) and
 * hands it to the browser as a download. Returns whether a file was saved. The worker's own reason
 * (e.g. '文件已过期') is shown when it gives one; a network failure, a server error or an empty
 * answer shows '下载出错，请重试'.
 */
export async function saveRecordFile(recordId: number, fallbackName: string): Promise<boolean> {
  try {
    const res = await apiFetch(`/api/downloads/${recordId}/file`);
    const blob = await res.blob();
    if (blob.size === 0) throw new Error('empty file');
    const name = fileNameFrom(res.headers.get('Content-Disposition')) ?? fallbackName;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
    // Revoked later: some browsers read the blob after click() has returned.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return true;
  } catch (err) {
    const reason = isApiError(err) && err.status >= 400 && err.status < 500 ? err.message : DOWNLOAD_ERROR_MSG;
    toast(reason, { tone: 'error' });
    return false;
  }
}
