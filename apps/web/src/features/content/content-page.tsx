import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLanguage } from '@spm/client';
import { Markdown } from '@spm/client/markdown';
import { DEFAULT_LANGUAGE, type ContentSlug } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useContentPage } from './content-api';
import './content-page.css';

interface ContentPageProps extends PageProps {
  slug: ContentSlug;
  /** Shown under the article (the contact form, the privacy page's link to the player's data). */
  children?: ReactNode;
}

/**
 * A page the operator writes in the back office (issue 44 item 1, docs/content-pages.md): its
 * title and markdown in the player's language (English when it has none), fetched again when
 * the language changes. The markdown is rendered by the kit's renderer: no HTML from the text
 * reaches the page.
 */
export function ContentPage({ slug, titleKey, children }: ContentPageProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const page = useContentPage(slug, language);

  return (
    <section className="page content-page" data-testid={`content-${slug}`}>
      <h1 className="page__title" data-testid="page-title">
        {page.data ? page.data.title : t(titleKey)}
      </h1>
      {page.isPending && <p className="page__muted">{t('common.loading')}</p>}
      {page.isError && (
        <div className="content-page__error" role="alert" data-testid="content-error">
          <p>{t('content.error')}</p>
          <button
            type="button"
            className="button button--outline"
            onClick={() => void page.refetch()}
          >
            {t('content.retry')}
          </button>
        </div>
      )}
      {page.data && (
        <>
          {page.data.language !== language && (
            <p className="page__muted" data-testid="content-fallback">
              {t('content.inEnglish')}
            </p>
          )}
          <article lang={page.data.language}>
            <Markdown source={page.data.body} testId="content-body" />
          </article>
        </>
      )}
      {children}
    </section>
  );
}

export const ContactPage = ({ titleKey, children }: PageProps & { children?: ReactNode }) => (
  <ContentPage slug="contact" titleKey={titleKey}>
    {children}
  </ContentPage>
);

/** /privacypolicy: the policy, and for a signed-in player the way to their own data. */
export function PrivacyPolicyPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const signedIn = useAuthStore((state) => state.token !== null);
  return (
    <ContentPage slug="privacy" titleKey={titleKey}>
      {signedIn && (
        <p>
          <Link to="/profile" data-testid="privacy-manage-link">
            {t('privacy.page.manageLink')}
          </Link>
        </p>
      )}
    </ContentPage>
  );
}

export const ResponsibleGamingPage = ({ titleKey }: PageProps) => (
  <ContentPage slug="responsible-gaming" titleKey={titleKey} />
);
export const FairPlayPage = ({ titleKey }: PageProps) => (
  <ContentPage slug="fair-play" titleKey={titleKey} />
);
export const GameRulesPage = ({ titleKey }: PageProps) => (
  <ContentPage slug="game-rules" titleKey={titleKey} />
);
export const TermsPage = ({ titleKey }: PageProps) => (
  <ContentPage slug="terms" titleKey={titleKey} />
);
