import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type StaffContentPages } from '@spm/contract';
import { opsErrorText, StatusBadge } from '../../shared/ui/index.ts';
import { contentKeys, fetchContentPages, type PageLanguage } from './api.ts';
import { ContentEditor } from './content-editor.tsx';
import './content.css';

type LanguageState = StaffContentPages['pages'][number]['languages'][number];

/**
 * Content pages (issue 44 item 1, docs/content-pages.md): every page in every language with
 * what players get, and the editor of the one chosen.
 */
export function ContentPagesPage() {
  const { t } = useTranslation();
  const pages = useQuery({ queryKey: contentKeys.pages, queryFn: fetchContentPages });
  const [chosen, setChosen] = useState<PageLanguage | null>(null);
  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('content.title')}</h1>
      </div>
      <p className="muted">{t('content.intro')}</p>
      {pages.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(pages.error)}
        </p>
      ) : null}
      {pages.isPending ? <p className="muted">{t('ui.loading')}</p> : null}
      {pages.data ? <PagesGrid pages={pages.data} chosen={chosen} onChoose={setChosen} /> : null}
      {chosen ? <ContentEditor key={`${chosen.slug}/${chosen.language}`} target={chosen} /> : null}
    </section>
  );
}

function PagesGrid({
  pages,
  chosen,
  onChoose,
}: {
  pages: StaffContentPages;
  chosen: PageLanguage | null;
  onChoose: (target: PageLanguage) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="content-grid" data-testid="content-grid">
        <thead>
          <tr>
            <th>{t('content.page')}</th>
            {LANGUAGES.map((language) => (
              <th key={language}>{LANGUAGE_NAMES[language]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pages.pages.map((page) => (
            <tr key={page.slug}>
              <th scope="row">
                {t(`content.pages.${page.slug}`)}
                <small className="muted"> {page.path}</small>
              </th>
              {page.languages.map((state) => {
                const active = chosen?.slug === page.slug && chosen.language === state.language;
                return (
                  <td key={state.language}>
                    <button
                      type="button"
                      className={active ? 'content-cell content-cell--active' : 'content-cell'}
                      aria-pressed={active}
                      data-testid={`content-cell-${page.slug}-${state.language}`}
                      onClick={() => onChoose({ slug: page.slug, language: state.language })}
                    >
                      <CellStatus state={state} />
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What players get in this language, and any draft waiting. */
function CellStatus({ state }: { state: LanguageState }) {
  const { t } = useTranslation();
  return (
    <>
      {state.published ? (
        <StatusBadge
          status="published"
          tone="good"
          label={t('content.cell.published', { version: state.published.version })}
        />
      ) : (
        <StatusBadge
          status="default"
          tone="neutral"
          label={t(state.hasDefault ? 'content.cell.builtIn' : 'content.cell.english')}
        />
      )}
      {state.draft ? (
        <StatusBadge
          status="draft"
          tone="warn"
          label={t('content.cell.draft', { version: state.draft.version })}
        />
      ) : null}
    </>
  );
}
