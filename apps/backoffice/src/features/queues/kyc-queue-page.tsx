import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUEST_STATUSES, type StaffKyc } from '@spm/contract';
import { StatusBadge } from '../../shared/ui/index.ts';
import { formatDateTime } from '@spm/client';
import { fetchKyc, fetchKycList, queueKeys } from './api.ts';
import { CopyButton } from './components/copy-button.tsx';
import { DecisionActions } from './components/decision-actions.tsx';
import { DecisionHistory } from './components/decision-history.tsx';
import { QueueDrawer } from './components/queue-drawer.tsx';
import { PlayerLabel, queueColumns } from './components/queue-columns.tsx';
import { QueueFilters } from './components/queue-filters.tsx';
import { QueueTable } from './components/queue-table.tsx';
import { UploadImage } from './components/upload-image.tsx';
import { useQueueFilters } from './lib.ts';
import './queues.css';

/** KYC submissions to review: the document images and the unmasked document number. */
export function KycQueuePage() {
  const { t } = useTranslation('ops');
  const { filters, values, apply, setPage } = useQueueFilters();
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    queryKey: queueKeys.list('kyc', filters),
    queryFn: () => fetchKycList(filters),
    placeholderData: keepPreviousData,
  });
  const docType = (name: string) => t(`queues.kyc.docTypes.${name}`, { defaultValue: name });

  const columns = queueColumns<StaffKyc>(t, {
    onOpen: setOpenId,
    showDecided: filters.status !== 'pending',
    fields: [
      {
        key: 'docType',
        header: t('queues.kyc.docType'),
        render: (row) => docType(row.docTypeName),
      },
      { key: 'docId', header: t('queues.kyc.docId'), render: (row) => row.docId ?? '—' },
      {
        key: 'sides',
        header: t('queues.kyc.sides'),
        render: (row) =>
          row.backUploadId ? t('queues.kyc.frontAndBack') : t('queues.kyc.frontOnly'),
      },
    ],
  });

  return (
    <section className="page">
      <h1>{t('queues.kyc.title')}</h1>
      <QueueFilters values={values} onApply={apply} statuses={REQUEST_STATUSES} />
      <QueueTable
        columns={columns}
        list={list}
        testId="kyc-queue"
        onOpen={setOpenId}
        onPage={setPage}
      />
      {openId ? (
        <KycDrawer
          id={openId}
          initial={list.data?.items.find((row) => row.id === openId)}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}

function KycDrawer({
  id,
  initial,
  onClose,
}: {
  id: string;
  initial: StaffKyc | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const detail = useQuery({
    queryKey: queueKeys.detail('kyc', id),
    queryFn: () => fetchKyc(id),
    initialData: initial,
    initialDataUpdatedAt: 0,
  });

  return (
    <QueueDrawer title={t('queues.kyc.detailTitle', { id })} detail={detail} onClose={onClose}>
      {(kyc) => (
        <>
          <dl>
            <dt>{t('queues.columns.player')}</dt>
            <dd>
              <PlayerLabel row={kyc} />
            </dd>
            <dt>{t('queues.kyc.docType')}</dt>
            <dd data-testid="kyc-doc-type">
              {t(`queues.kyc.docTypes.${kyc.docTypeName}`, { defaultValue: kyc.docTypeName })}
            </dd>
            <dt>{t('queues.kyc.docId')}</dt>
            <dd>
              {kyc.docId ? (
                <>
                  <code>{kyc.docId}</code>
                  <CopyButton value={kyc.docId} label={t('queues.kyc.docId')} />
                </>
              ) : (
                '—'
              )}
            </dd>
            <dt>{t('queues.columns.created')}</dt>
            <dd>{formatDateTime(kyc.createdAt)}</dd>
            <dt>{t('queues.columns.status')}</dt>
            <dd>
              <StatusBadge status={kyc.status} label={t(`status.${kyc.status}`)} />
            </dd>
          </dl>
          <section className="ops-section">
            <h3>{t('queues.kyc.documents')}</h3>
            <div className="ops-upload-row">
              <UploadImage uploadId={kyc.frontUploadId} label={t('queues.kyc.front')} />
              {kyc.backUploadId ? (
                <UploadImage uploadId={kyc.backUploadId} label={t('queues.kyc.back')} />
              ) : null}
            </div>
          </section>
          {kyc.status === 'pending' ? (
            <DecisionActions
              kind="kyc"
              id={kyc.id}
              approveEffect={t('queues.kyc.approveEffect', { username: kyc.username })}
              declineEffect={t('queues.kyc.declineEffect', { username: kyc.username })}
            />
          ) : null}
          <DecisionHistory
            kind="kyc"
            id={kyc.id}
            decidedBy={kyc.decidedBy}
            decidedAt={kyc.decidedAt}
            reason={kyc.reason}
            note={kyc.note}
          />
        </>
      )}
    </QueueDrawer>
  );
}
