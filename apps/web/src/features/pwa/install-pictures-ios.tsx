import { useTranslation } from 'react-i18next';
import { IosShareIcon, Label, Phone, Tap } from './install-pictures-parts';

/** Safari on iPhone: the toolbar at the bottom, its Share button ringed. */
export function SafariSharePicture({ label }: { label: string }) {
  return (
    <Phone label={label}>
      <rect className="install-picture__bar" x="10" y="244" width="140" height="36" />
      <rect className="install-picture__field" x="18" y="226" width="124" height="14" rx="7" />
      <IosShareIcon x={80} y={262} />
      <Tap x={80} y={261} />
    </Phone>
  );
}

/** The share sheet, "Add to Home Screen" ringed. */
export function SafariAddItemPicture({ label }: { label: string }) {
  const { t } = useTranslation('pwa');
  return (
    <Phone label={label}>
      <rect className="install-picture__sheet" x="10" y="120" width="140" height="160" rx="10" />
      <g className="install-picture__muted">
        <rect x="20" y="134" width="120" height="22" rx="4" />
        <rect x="20" y="162" width="120" height="22" rx="4" />
      </g>
      <rect
        className="install-picture__row--active"
        x="20"
        y="190"
        width="120"
        height="24"
        rx="4"
      />
      <rect className="install-picture__icon-box" x="26" y="195" width="14" height="14" rx="3" />
      <path className="install-picture__icon-line" d="M33 198v8M29 202h8" />
      <Label x={44} y={190} width={94} height={24} text={t('pictures.addToHomeScreen')} />
    </Phone>
  );
}

/** The "Add to Home Screen" page, its "Add" ringed. */
export function SafariConfirmPicture({ label }: { label: string }) {
  const { t } = useTranslation('pwa');
  return (
    <Phone label={label}>
      <rect className="install-picture__bar" x="10" y="20" width="140" height="30" />
      <Label x={14} y={22} width={60} height={26} text={t('pictures.cancel')} />
      <Label x={86} y={22} width={60} height={26} text={t('pictures.add')} variant="end" />
      <rect className="install-picture__target" x="98" y="23" width="50" height="24" rx="6" />
      <rect className="install-picture__sheet" x="18" y="62" width="124" height="44" rx="6" />
      <rect className="install-picture__app" x="26" y="70" width="28" height="28" rx="7" />
      <Label x={60} y={70} width={78} height={28} text={t('pictures.appName')} />
    </Phone>
  );
}
