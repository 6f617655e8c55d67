import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PriceSize } from '@spm/contract';
import { Modal, opsErrorText, StatusBadge } from '../../../shared/ui/index.ts';
import { formatAmount } from '@spm/client';
import { fetchMarketBook, sportsKeys, type StaffMarket } from '../api.ts';

function ladder(levels: PriceSize[]): string {
  return levels.length === 0
    ? '—'
    : levels.map((level) => `${level.price} (${formatAmount(level.amount)})`).join(' · ');
}

/** The market's book: prices or rates now, and every player's exposure and P&L per runner. */
export function BookDialog({ market, onClose }: { market: StaffMarket; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const book = useQuery({
    queryKey: sportsKeys.book(market.id),
    queryFn: () => fetchMarketBook(market.id),
    refetchInterval: 5_000,
  });
  const current = book.data?.market ?? market;
  const exposures = book.data?.exposures ?? [];
  const withRunners = current.type !== 'fancy';

  return (
    <Modal open title={t('sports.book.title', { name: market.name })} onClose={onClose} wide>
      {book.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(book.error)}
        </p>
      ) : null}
      <dl>
        <dt>{t('sports.market.status')}</dt>
        <dd>
          <StatusBadge status={current.status} label={t(`status.${current.status}`)} />
        </dd>
        <dt>{t('sports.market.totalExposure')}</dt>
        <dd data-testid="book-total-exposure">{formatAmount(current.totalExposure)}</dd>
        <dt>{t('sports.market.matchedVolume')}</dt>
        <dd>{formatAmount(current.matchedVolume)}</dd>
      </dl>
      <h3>{t('sports.book.prices')}</h3>
      {current.type === 'fancy' ? (
        <dl>
          <dt>{t('sports.market.line')}</dt>
          <dd>{current.line ?? '—'}</dd>
          <dt>{t('sports.market.yesRate')}</dt>
          <dd>{current.yesRate ?? '—'}</dd>
          <dt>{t('sports.market.noRate')}</dt>
          <dd>{current.noRate ?? '—'}</dd>
        </dl>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('sports.market.runner')}</th>
                {current.type === 'bookmaker' ? (
                  <>
                    <th scope="col">{t('sports.rates.back')}</th>
                    <th scope="col">{t('sports.rates.lay')}</th>
                  </>
                ) : (
                  <>
                    <th scope="col">{t('sports.book.toBack')}</th>
                    <th scope="col">{t('sports.book.toLay')}</th>
                    <th scope="col">{t('sports.book.lastTraded')}</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {current.runners.map((runner) => (
                <tr key={runner.id}>
                  <th scope="row">{runner.name}</th>
                  {current.type === 'bookmaker' ? (
                    <>
                      <td>{runner.backRate ?? '—'}</td>
                      <td>{runner.layRate ?? '—'}</td>
                    </>
                  ) : (
                    <>
                      <td>{ladder(runner.availableToBack)}</td>
                      <td>{ladder(runner.availableToLay)}</td>
                      <td>{runner.lastTradedPrice ?? '—'}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{t('sports.book.exposures')}</h3>
      <div className="table-wrap">
        <table className="data-table" data-testid="book-exposures">
          <thead>
            <tr>
              <th scope="col">{t('sports.book.player')}</th>
              <th scope="col" className="num">
                {t('sports.book.exposure')}
              </th>
              {withRunners
                ? current.runners.map((runner) => (
                    <th key={runner.id} scope="col" className="num">
                      {t('sports.book.pnlIf', { runner: runner.name })}
                    </th>
                  ))
                : null}
            </tr>
          </thead>
          <tbody>
            {book.isPending ? (
              <tr>
                <td colSpan={2 + (withRunners ? current.runners.length : 0)} className="muted">
                  {t('common.loading')}
                </td>
              </tr>
            ) : exposures.length === 0 ? (
              <tr>
                <td colSpan={2 + (withRunners ? current.runners.length : 0)} className="muted">
                  {t('sports.book.noExposure')}
                </td>
              </tr>
            ) : (
              exposures.map((row) => (
                <tr key={row.playerId}>
                  <td>
                    {row.username} <span className="muted">#{row.playerId}</span>
                  </td>
                  <td className="num">{formatAmount(row.exposure)}</td>
                  {withRunners
                    ? current.runners.map((runner) => {
                        const pnl = row.pnlByRunner?.[runner.id];
                        return (
                          <td
                            key={runner.id}
                            className={`num ${pnl !== undefined && pnl < 0 ? 'negative' : ''}`}
                          >
                            {pnl === undefined ? '—' : formatAmount(pnl)}
                          </td>
                        );
                      })
                    : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
