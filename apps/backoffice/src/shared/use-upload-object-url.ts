import { useEffect, useState } from 'react';
import { fetchUploadObjectUrl } from './api.ts';

/**
 * An uploaded image (served only to staff, so fetched with the token) as a blob URL, revoked
 * when the id changes or the screen goes. No id: nothing is fetched.
 */
export function useUploadObjectUrl(uploadId: string | null | undefined): {
  objectUrl: string | null;
  failed: boolean;
} {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!uploadId) return;
    let cancelled = false;
    let created: string | null = null;
    setObjectUrl(null);
    setFailed(false);
    fetchUploadObjectUrl(uploadId).then(
      (url) => {
        created = url;
        if (cancelled) URL.revokeObjectURL(url);
        else setObjectUrl(url);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [uploadId]);

  return { objectUrl, failed };
}
