import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUploadObjectUrl } from '../../../shared/api.ts';
import { ImageViewer } from '../../../shared/ui/index.ts';

export interface UploadImageProps {
  uploadId: string;
  /** What the image is ("Payment proof", "Front side"). */
  label: string;
}

/**
 * An uploaded image (served only to staff, so fetched with the token) as a thumbnail; a click
 * opens it in the viewer with zoom and rotate.
 */
export function UploadImage({ uploadId, label }: UploadImageProps) {
  const { t } = useTranslation('ops');
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [viewing, setViewing] = useState(false);

  useEffect(() => {
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

  return (
    <figure className="ops-upload">
      {failed ? (
        <p className="field-error" role="alert">
          {t('common.imageFailed')}
        </p>
      ) : objectUrl ? (
        <button
          type="button"
          className="ops-upload-thumb"
          aria-label={t('common.viewImage', { label })}
          onClick={() => setViewing(true)}
        >
          <img src={objectUrl} alt={label} />
        </button>
      ) : (
        <p className="muted">{t('common.loading')}</p>
      )}
      <figcaption>{label}</figcaption>
      <ImageViewer
        open={viewing && objectUrl !== null}
        src={objectUrl}
        title={label}
        alt={label}
        onClose={() => setViewing(false)}
      />
    </figure>
  );
}
