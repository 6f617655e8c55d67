import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadObjectUrl } from '../../../shared/use-upload-object-url.ts';
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
  const { objectUrl, failed } = useUploadObjectUrl(uploadId);
  const [viewing, setViewing] = useState(false);

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
