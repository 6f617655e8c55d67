import { useTranslation } from 'react-i18next';
import type { RegionRefusal } from '@spm/contract';
import { regionRefusalText } from '../lib/region-refusal';

/** What a refused visitor reads in the sign-in and registration dialogs (issue 42 item 7). */
export function RegionRefusalNotice({ refusal }: { refusal: RegionRefusal | null }) {
  const { t, i18n } = useTranslation();
  if (!refusal) return null;
  return (
    <div className="form-error region-refusal" role="alert" data-testid="region-refused">
      <strong>{t('regions.refusedTitle')}</strong>
      <p>{regionRefusalText(t, i18n.language, refusal)}</p>
    </div>
  );
}
