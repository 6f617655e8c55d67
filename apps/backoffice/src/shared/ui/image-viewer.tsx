import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadObjectUrl } from '../use-upload-object-url.ts';
import { Modal } from './modal.tsx';

export interface ImageViewerProps {
  open: boolean;
  /** An upload id (fetched with the staff token) ... */
  uploadId?: string | null;
  /** ... or a plain URL. */
  src?: string | null;
  title?: ReactNode;
  alt?: string;
  onClose: () => void;
}

/** Shows an uploaded image (deposit proof, KYC document) with zoom and rotate. */
export function ImageViewer({ open, uploadId, src, title, alt, onClose }: ImageViewerProps) {
  const { t } = useTranslation();
  const { objectUrl, failed } = useUploadObjectUrl(open ? uploadId : null);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);

  useEffect(() => {
    if (open) {
      setZoom(1);
      setRotation(0);
    }
  }, [open]);

  const shown = uploadId ? objectUrl : (src ?? null);
  return (
    <Modal open={open} title={title ?? t('ui.image.title')} onClose={onClose} wide>
      <div className="image-tools">
        <button type="button" onClick={() => setZoom((value) => Math.min(4, value + 0.25))}>
          {t('ui.image.zoomIn')}
        </button>
        <button type="button" onClick={() => setZoom((value) => Math.max(0.25, value - 0.25))}>
          {t('ui.image.zoomOut')}
        </button>
        <button type="button" onClick={() => setRotation((value) => (value + 90) % 360)}>
          {t('ui.image.rotate')}
        </button>
        {shown ? (
          <a href={shown} target="_blank" rel="noreferrer">
            {t('ui.image.open')}
          </a>
        ) : null}
      </div>
      <div className="image-stage">
        {failed ? (
          <p className="field-error">{t('ui.image.failed')}</p>
        ) : shown ? (
          <img
            src={shown}
            alt={alt ?? t('ui.image.alt')}
            style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
          />
        ) : (
          <p className="muted">{t('ui.loading')}</p>
        )}
      </div>
    </Modal>
  );
}
