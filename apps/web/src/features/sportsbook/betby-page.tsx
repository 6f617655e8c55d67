import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PageProps } from '@/shared/lib/route-paths';
import { PageLoader } from '@/shared/ui/page-loader';
import { useSportsbookLaunch } from './api/sportsbook-api';
import { RetryError } from './components/sportsbook-parts';
import { useBetbyRenderer } from './hooks/use-betby-renderer';
import { loadRendererScript } from './lib/bt-renderer';
import { SPORTSBOOK_BETS_PATH } from './lib/sportsbook-paths';
import '@/shared/ui/notice.css';
import './sportsbook.css';

/** The renderer script of a launch, loaded once per address (lib/bt-renderer.ts keeps it). */
function useRendererScript(scriptUrl: string | undefined) {
  return useQuery({
    queryKey: ['sportsbook', 'renderer-script', scriptUrl],
    queryFn: () => loadRendererScript(scriptUrl ?? ''),
    enabled: scriptUrl !== undefined,
    staleTime: Infinity,
    // A constructor, not data: compared by identity.
    structuralSharing: false,
  });
}

/**
 * The common /betby: Betby's sportsbook, drawn by its renderer into this page. Visitors browse
 * the lines and are sent to sign in to bet; players bet with a token of the platform's. Betby
 * asks that no ancestor of its target clips (overflow: hidden), so the page adds none.
 */
export function BetbyPage({ titleKey }: PageProps) {
  const { t } = useTranslation('sportsbook');
  const { t: tApp } = useTranslation();
  const target = useRef<HTMLDivElement>(null);
  const launch = useSportsbookLaunch();
  const script = useRendererScript(launch.data?.scriptUrl);
  const renderer = useBetbyRenderer({
    target,
    renderer: script.data,
    launch: launch.data,
    refreshToken: async () => {
      const fresh = await launch.refetch();
      if (!fresh.data?.token) throw new Error('no sportsbook token');
      return fresh.data.token;
    },
  });

  const problem = launch.isError
    ? { text: t('betby.loadError'), retry: () => void launch.refetch() }
    : script.isError
      ? { text: t('betby.scriptError'), retry: () => void script.refetch() }
      : renderer.failed
        ? { text: t('betby.scriptError'), retry: renderer.retry }
        : null;
  const loading = !problem && (!launch.data || !script.data);

  return (
    <section className="page sportsbook-page betby-page" data-testid="betby-page">
      <header className="sportsbook-head">
        <h1 className="page__title" data-testid="page-title">
          {tApp(titleKey)}
        </h1>
        <Link className="sportsbook-link" to={SPORTSBOOK_BETS_PATH} data-testid="betby-bets-link">
          {t('betby.myBets')}
        </Link>
      </header>
      {launch.data?.playMoney && (
        <p className="notice notice--info" role="note" data-testid="betby-play-money">
          {t('betby.playMoney')}
        </p>
      )}
      {launch.data?.standIn && (
        <p className="page__muted sportsbook-note" data-testid="betby-stand-in">
          {t('betby.standIn')}
        </p>
      )}
      {problem && <RetryError text={problem.text} onRetry={problem.retry} testId="betby-error" />}
      {loading && <PageLoader />}
      <div ref={target} className="betby-target" data-testid="betby-target" />
    </section>
  );
}
