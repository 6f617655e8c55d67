import { useTranslation } from 'react-i18next';
import { Label, MenuRow, PageSketch, Phone, Tap } from './install-pictures-parts';

/**
 * Drawings of the Android (Chrome) steps of /pwa-instructions and of the home screen after
 * either. Every word inside a picture is the player's language (i18n), none is baked in.
 */

/** The home screen with the installed app's icon. */
export function HomeScreenPicture({ label }: { label: string }) {
  const { t } = useTranslation('pwa');
  return (
    <Phone label={label}>
      <g className="install-picture__muted">
        <rect x="24" y="40" width="28" height="28" rx="7" />
        <rect x="66" y="40" width="28" height="28" rx="7" />
        <rect x="108" y="40" width="28" height="28" rx="7" />
      </g>
      <rect className="install-picture__app" x="24" y="90" width="28" height="28" rx="7" />
      <path className="install-picture__app-mark" d="M31 108c2 3 10 3 12-1s-4-5-6-6-2-5 3-4" />
      <Label x={14} y={122} width={48} height={14} text={t('pictures.appName')} variant="small" />
      <Tap x={38} y={104} r={19} />
    </Phone>
  );
}

/** Chrome on Android: the address bar and its ⋮ menu at the top right. */
export function ChromeMenuPicture({ label }: { label: string }) {
  return (
    <Phone label={label}>
      <rect className="install-picture__bar" x="10" y="20" width="140" height="28" />
      <rect className="install-picture__field" x="18" y="26" width="104" height="16" rx="8" />
      <g className="install-picture__icon">
        <circle cx="136" cy="28" r="2" />
        <circle cx="136" cy="34" r="2" />
        <circle cx="136" cy="40" r="2" />
      </g>
      <Tap x={136} y={34} />
      <PageSketch top={60} />
    </Phone>
  );
}

/** Chrome's menu open, "Install app" ringed. */
export function ChromeInstallItemPicture({ label }: { label: string }) {
  const { t } = useTranslation('pwa');
  return (
    <Phone label={label}>
      <rect className="install-picture__bar" x="10" y="20" width="140" height="28" />
      <PageSketch top={60} />
      <rect className="install-picture__sheet" x="34" y="30" width="116" height="140" rx="6" />
      <MenuRow y={38} />
      <MenuRow y={66} />
      <MenuRow y={94} text={t('pictures.installApp')} active />
      <MenuRow y={122} />
    </Phone>
  );
}

/** Chrome's install dialog, its "Install" button ringed. */
export function ChromeConfirmPicture({ label }: { label: string }) {
  const { t } = useTranslation('pwa');
  return (
    <Phone label={label}>
      <PageSketch top={40} />
      <rect className="install-picture__sheet" x="18" y="150" width="124" height="90" rx="8" />
      <Label x={26} y={156} width={110} height={24} text={t('pictures.installTitle')} />
      <rect className="install-picture__app" x="28" y="182" width="20" height="20" rx="5" />
      <Label x={52} y={182} width={80} height={20} text={t('pictures.appName')} />
      <Label x={64} y={212} width={72} height={22} text={t('pictures.install')} variant="end" />
      <rect className="install-picture__target" x="62" y="210" width="76" height="26" rx="6" />
    </Phone>
  );
}
