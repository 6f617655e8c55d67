import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '@/shared/lib/route-paths';
import { usePwaStore } from '@/shared/pwa/pwa-store';
import { InstallButton } from './install-button';
import {
  ChromeConfirmPicture,
  ChromeInstallItemPicture,
  ChromeMenuPicture,
  HomeScreenPicture,
} from './install-pictures';
import {
  SafariAddItemPicture,
  SafariConfirmPicture,
  SafariSharePicture,
} from './install-pictures-ios';
import './pwa-instructions.css';

interface Step {
  /** i18n key of the step's text: the caption and the picture's accessible name. */
  textKey: string;
  Picture: ComponentType<{ label: string }>;
}

const ANDROID_STEPS: readonly Step[] = [
  { textKey: 'android.step1', Picture: ChromeMenuPicture },
  { textKey: 'android.step2', Picture: ChromeInstallItemPicture },
  { textKey: 'android.step3', Picture: ChromeConfirmPicture },
  { textKey: 'android.step4', Picture: HomeScreenPicture },
];

const IPHONE_STEPS: readonly Step[] = [
  { textKey: 'iphone.step1', Picture: SafariSharePicture },
  { textKey: 'iphone.step2', Picture: SafariAddItemPicture },
  { textKey: 'iphone.step3', Picture: SafariConfirmPicture },
  { textKey: 'iphone.step4', Picture: HomeScreenPicture },
];

function Steps({ titleKey, steps, id }: { titleKey: string; steps: readonly Step[]; id: string }) {
  const { t } = useTranslation('pwa');
  return (
    <section className="install-guide" aria-labelledby={id}>
      <h2 id={id} className="install-guide__title">
        {t(titleKey)}
      </h2>
      <ol className="install-guide__steps">
        {steps.map(({ textKey, Picture }) => (
          <li key={textKey} className="install-guide__step">
            <figure>
              <Picture label={t(textKey)} />
              <figcaption>{t(textKey)}</figcaption>
            </figure>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** SPEC 2.2 /pwa-instructions: how to put the site on the home screen, step by step. */
export function PwaInstructionsPage({ titleKey }: PageProps) {
  // The steps are a namespace of their own (locales/pwa), loaded with this page.
  const { t } = useTranslation('pwa');
  const { t: tApp } = useTranslation();
  const installed = usePwaStore((state) => state.installed);
  return (
    <section className="page install-page">
      <h1 className="page__title" data-testid="page-title">
        {tApp(titleKey)}
      </h1>
      <p className="page__muted">{installed ? t('alreadyInstalled') : t('intro')}</p>
      <div className="install-page__action">
        <InstallButton />
      </div>
      <Steps id="install-android" titleKey="android.title" steps={ANDROID_STEPS} />
      <Steps id="install-iphone" titleKey="iphone.title" steps={IPHONE_STEPS} />
    </section>
  );
}
