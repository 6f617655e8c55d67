import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { UseQueryResult } from '@tanstack/react-query';
import type {
  ReferralChild,
  ReferralChildren,
  ReferralSource,
  ReferralSources,
  ReferralStats,
  ReferralTerms,
} from '@spm/contract';
import { BONUS_GRANT_VALID_DAYS, BONUS_GRANT_WAGERING_MULTIPLIER } from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import type { PageProps } from '@/shared/lib/route-paths';
import { useIsDemo } from '@/shared/ui/demo-notice';
import { PageLoader } from '@/shared/ui/page-loader';
import { Pager } from '@/shared/ui/pager';
import { PointsAmount } from '@/shared/ui/points-amount';
import {
  REFERRAL_PAGE_SIZE,
  useGenerateReferralCode,
  useReferralChildren,
  useReferralSources,
  useReferralStats,
} from './api/referral-api';
import { useCopied } from './lib/copy-text';
import {
  isKnownReferralSource,
  referralLink,
  telegramShareHref,
  whatsappShareHref,
} from './lib/share-links';
import './referral.css';
import { EmptyNote } from '@/shared/ui/empty-note';
import { SectionCard } from '@/shared/ui/section-card';
import { StatFigures } from '@/shared/ui/stat-figures';

/** A source as the player reads it: the four known ones translated, a host name as given. */
function useSourceName() {
  const { t } = useTranslation('referral');
  return (source: string) =>
    isKnownReferralSource(source) ? t(`sources.names.${source}`) : source;
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <SectionCard prefix="referral" id={id} title={title}>
      {children}
    </SectionCard>
  );
}

function SectionError({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation('referral');
  return (
    <div className="page__error" role="alert" data-testid={testId}>
      <p className="page__muted">{t('sectionError')}</p>
      <button type="button" className="button button--outline" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** One line of the operator's terms: what a friend's first qualifying deposit pays, or nothing now. */
function TermsLine({ terms }: { terms: ReferralTerms }) {
  const { t } = useTranslation('referral');
  return (
    <div className="referral-terms" data-testid="referral-terms" data-active={terms.active}>
      <p className="referral-terms__line">
        {terms.active
          ? t('terms.active', {
              reward: formatAmount(terms.rewardPoints),
              min: formatAmount(terms.minDepositPoints),
            })
          : t('terms.inactive')}
      </p>
      {terms.active && (
        <p className="page__muted">
          {t('terms.coinsNote', {
            times: BONUS_GRANT_WAGERING_MULTIPLIER,
            days: BONUS_GRANT_VALID_DAYS,
          })}
        </p>
      )}
    </div>
  );
}

/** No code yet: one button makes it (POST /ref/generate), then the stats are read again. */
function GenerateCode() {
  const { t } = useTranslation('referral');
  const generate = useGenerateReferralCode();
  const isDemo = useIsDemo();
  return (
    <Card id="get-code" title={t('code.title')}>
      <p className="page__muted">{t('code.none')}</p>
      {isDemo && (
        <p className="notice notice--warning" role="note" data-testid="referral-demo">
          {t('code.demo')}
        </p>
      )}
      <button
        type="button"
        className="button button--primary button--large referral-generate"
        onClick={() => generate.mutate()}
        disabled={generate.isPending || isDemo}
        aria-busy={generate.isPending}
        data-testid="referral-generate"
      >
        {generate.isPending ? t('code.generating') : t('code.generate')}
      </button>
    </Card>
  );
}

/** The code, the invite link and the share buttons. */
/** The apps a player shares the link through, each with its own `source` in the link. */
const SHARE_CHANNELS = [
  { channel: 'whatsapp', href: whatsappShareHref },
  { channel: 'telegram', href: telegramShareHref },
] as const;

function ShareButtons({
  origin,
  code,
  message,
}: {
  origin: string;
  code: string;
  message: string;
}) {
  const { t } = useTranslation('referral');
  return (
    <div className="referral-share" role="group" aria-label={t('share.title')}>
      {SHARE_CHANNELS.map(({ channel, href }) => (
        <a
          key={channel}
          className={`button referral-share__button referral-share__button--${channel}`}
          href={href(origin, code, message)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`referral-share-${channel}`}
        >
          {t(`share.${channel}`)}
        </a>
      ))}
    </div>
  );
}

function ShareCode({ code }: { code: string }) {
  const { t } = useTranslation('referral');
  const { copied, copy } = useCopied<'code' | 'link'>();
  const linkField = useRef<HTMLInputElement>(null);
  const origin = window.location.origin;
  const link = referralLink(origin, code, 'link');
  const message = t('share.message', { code });

  const onCopy = async (key: 'code' | 'link', text: string) => {
    if (await copy(key, text)) return;
    // Nothing could copy: the link stays selected for the player's own long-press.
    if (key === 'link') linkField.current?.select();
    toast.error(t('code.copyFailed'));
  };

  return (
    <Card id="share" title={t('code.title')}>
      <div className="referral-code">
        <span className="referral-code__value" data-testid="referral-code">
          {code}
        </span>
        <button
          type="button"
          className="button button--outline"
          onClick={() => void onCopy('code', code)}
          data-testid="referral-copy-code"
        >
          {copied === 'code' ? t('code.copied') : t('code.copy')}
        </button>
      </div>
      <div className="referral-link">
        <label className="referral-link__label" htmlFor="referral-link">
          {t('code.linkLabel')}
        </label>
        <div className="referral-link__row">
          <input
            id="referral-link"
            ref={linkField}
            className="referral-link__input"
            type="text"
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            data-testid="referral-link"
          />
          <button
            type="button"
            className="button button--primary"
            onClick={() => void onCopy('link', link)}
            data-testid="referral-copy-link"
          >
            {copied === 'link' ? t('code.copied') : t('code.copyLink')}
          </button>
        </div>
      </div>
      <p className="visually-hidden" role="status" data-testid="referral-copied">
        {copied ? t('code.copied') : ''}
      </p>
      <ShareButtons origin={origin} code={code} message={message} />
    </Card>
  );
}

function StatCards({ stats }: { stats: ReferralStats }) {
  const { t } = useTranslation('referral');
  const figures = [
    { id: 'visits', label: t('stats.visits'), value: <>{stats.visits}</> },
    { id: 'sign-ups', label: t('stats.signUps'), value: <>{stats.signUps}</> },
    { id: 'rewarded', label: t('stats.rewarded'), value: <>{stats.rewarded}</> },
    {
      id: 'rewards',
      label: t('stats.rewardsPoints'),
      value: <PointsAmount amount={stats.rewardsPoints} />,
    },
  ];
  return <StatFigures prefix="referral" label={t('stats.title')} figures={figures} />;
}

function SourceRow({ row }: { row: ReferralSource }) {
  const { t } = useTranslation('referral');
  const sourceName = useSourceName();
  // data-label: the column's name, shown above each figure where a phone hides the header.
  return (
    <tr data-testid="referral-source" data-source={row.source}>
      <th scope="row" className="referral-sources__name">
        {sourceName(row.source)}
      </th>
      <td data-label={t('sources.visits')}>{row.visits}</td>
      <td data-label={t('sources.signUps')}>{row.signUps}</td>
      <td data-label={t('sources.rewarded')}>{row.rewarded}</td>
    </tr>
  );
}

function SourcesCard({ sources }: { sources: UseQueryResult<ReferralSources> }) {
  const { t } = useTranslation('referral');
  const rows = sources.data;
  return (
    <Card id="sources" title={t('sources.title')}>
      {rows ? (
        rows.length === 0 ? (
          <EmptyNote text={t('sources.empty')} testId="referral-sources-empty" />
        ) : (
          <div className="referral-sources__scroll">
            <table className="referral-sources">
              <thead>
                <tr>
                  <th scope="col">{t('sources.source')}</th>
                  <th scope="col">{t('sources.visits')}</th>
                  <th scope="col">{t('sources.signUps')}</th>
                  <th scope="col">{t('sources.rewarded')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <SourceRow key={row.source} row={row} />
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : sources.isError ? (
        <SectionError onRetry={() => void sources.refetch()} testId="referral-sources-error" />
      ) : (
        <PageLoader />
      )}
    </Card>
  );
}

function ChildItem({ child }: { child: ReferralChild }) {
  const { t, i18n } = useTranslation('referral');
  const sourceName = useSourceName();
  return (
    <li className="referral-child" data-testid="referral-child">
      <span className="referral-child__main">
        <span className="referral-child__name" data-testid="referral-child-name">
          {child.username}
        </span>
        <span className="referral-child__sub">
          <time dateTime={child.joinedAt}>{formatDateTime(child.joinedAt, i18n.language)}</time>
          {' · '}
          <span data-testid="referral-child-source">{sourceName(child.source)}</span>
        </span>
      </span>
      <span className="referral-child__reward" data-testid="referral-child-reward">
        {child.rewardPoints !== null ? (
          <>
            <span className="referral-child__amount">+{formatAmount(child.rewardPoints)}</span>
            {child.rewardedAt && (
              <time className="referral-child__sub" dateTime={child.rewardedAt}>
                {formatDateTime(child.rewardedAt, i18n.language)}
              </time>
            )}
          </>
        ) : (
          <span className="referral-child__sub">{t('children.noReward')}</span>
        )}
      </span>
    </li>
  );
}

function ChildrenCard({
  friends,
  onPage,
}: {
  friends: UseQueryResult<ReferralChildren>;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('referral');
  const data = friends.data;
  return (
    <Card id="children" title={t('children.title')}>
      {data ? (
        data.items.length === 0 ? (
          <EmptyNote text={t('children.empty')} testId="referral-children-empty" />
        ) : (
          <>
            <ul className="referral-children" aria-busy={friends.isPlaceholderData}>
              {data.items.map((child, index) => (
                <ChildItem key={`${data.page}-${index}`} child={child} />
              ))}
            </ul>
            <Pager
              page={data.page}
              pageSize={data.pageSize || REFERRAL_PAGE_SIZE}
              total={data.total}
              busy={friends.isPlaceholderData}
              onPage={onPage}
              testId="referral-children"
              label={t('children.pages')}
              hideSinglePage
            />
          </>
        )
      ) : friends.isError ? (
        <SectionError onRetry={() => void friends.refetch()} testId="referral-children-error" />
      ) : (
        <PageLoader />
      )}
    </Card>
  );
}

/**
 * The protected /referral, "Refer & earn": the player's code and invite link with share
 * buttons, what the link brought (visits, sign-ups, rewards), where from, and who joined.
 */
export function ReferralPage({ titleKey }: PageProps) {
  const { t } = useTranslation('referral');
  // The route's title is the app's (routes.*), not the page namespace's.
  const { t: tApp } = useTranslation();
  const stats = useReferralStats();
  // The three reads go out together; the sections wait for the stats (code and terms).
  const sources = useReferralSources();
  const [page, setPage] = useState(1);
  const friends = useReferralChildren(page);
  const data = stats.data;
  return (
    <section className="page referral-page" data-testid="referral-page">
      <header className="referral-head">
        <h1 className="page__title" data-testid="page-title">
          {tApp(titleKey)}
        </h1>
        {data && <TermsLine terms={data.terms} />}
      </header>
      {data ? (
        <>
          {data.code === null ? <GenerateCode /> : <ShareCode code={data.code} />}
          <StatCards stats={data} />
          <div className="section-grid referral-grid">
            <SourcesCard sources={sources} />
            <ChildrenCard friends={friends} onPage={setPage} />
          </div>
        </>
      ) : stats.isError ? (
        <div className="page__error" role="alert" data-testid="referral-error">
          <p className="page__muted">{t('loadError')}</p>
          <button
            type="button"
            className="button button--outline"
            onClick={() => void stats.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
