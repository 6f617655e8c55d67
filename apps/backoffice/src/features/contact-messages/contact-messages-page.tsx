import { useState } from 'react';
import type { TFunction } from 'i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CONTACT_STATUSES,
  staffContactListSchema,
  type ContactStatus,
  type StaffContactMessage,
} from '@spm/contract';
import { formatDateTime } from '@spm/client';
import { staffRequest } from '../../shared/api.ts';
import {
  DataTable,
  Field,
  FiltersBar,
  Pager,
  StatusBadge,
  errorText,
  type Column,
} from '../../shared/ui/index.ts';

const PAGE_SIZE = 25;

/** The badge tone of a status: open waits on staff, answered is done, closed is archived. */
export const CONTACT_BADGE: Record<ContactStatus, string> = {
  open: 'pending',
  answered: 'approved',
  closed: 'closed',
};

function StatusFilter({ onApply }: { onApply: (status: ContactStatus | '') => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ContactStatus | ''>('open');
  return (
    <FiltersBar
      label={t('contactMessages.filtersLabel')}
      onApply={() => onApply(draft)}
      onReset={() => {
        setDraft('open');
        onApply('open');
      }}
    >
      <Field label={t('contactMessages.status')}>
        <select
          value={draft}
          onChange={(event) =>
            setDraft(CONTACT_STATUSES.find((status) => status === event.target.value) ?? '')
          }
          data-testid="contact-messages-status"
        >
          <option value="">{t('contactMessages.all')}</option>
          {CONTACT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`contactMessages.statuses.${value}`)}
            </option>
          ))}
        </select>
      </Field>
    </FiltersBar>
  );
}

/** Who wrote: the player's username, or the visitor's name. */
export function senderName(row: StaffContactMessage, t: TFunction): string {
  if (row.username !== null) return row.username;
  return row.name ?? t('contactMessages.visitor');
}

function columns(t: TFunction): Column<StaffContactMessage>[] {
  return [
    {
      key: 'id',
      header: '#',
      render: (row) => (
        <Link to={`/queues/contact/${row.id}`} data-testid={`contact-message-open-${row.id}`}>
          {row.id}
        </Link>
      ),
    },
    { key: 'from', header: t('contactMessages.from'), render: (row) => senderName(row, t) },
    {
      key: 'replyBy',
      header: t('contactMessages.replyBy'),
      render: (row) => t(`contactMessages.channels.${row.replyBy}`),
    },
    {
      key: 'subject',
      header: t('contactMessages.subject'),
      render: (row) => t(`contactMessages.subjects.${row.subject}`),
    },
    { key: 'text', header: t('contactMessages.message'), render: (row) => row.text.slice(0, 80) },
    {
      key: 'created',
      header: t('contactMessages.created'),
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      key: 'status',
      header: t('contactMessages.status'),
      render: (row) => (
        <StatusBadge
          status={CONTACT_BADGE[row.status]}
          label={t(`contactMessages.statuses.${row.status}`)}
        />
      ),
    },
  ];
}

/**
 * The contact form's messages (issue 44 item 1, docs/contact-messages.md): open ones first,
 * the longest waiting on top; each opens to its answer box.
 */
export function ContactMessagesPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ContactStatus | ''>('open');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['contact-messages', 'list', status, page],
    queryFn: () =>
      staffRequest(staffContactListSchema, {
        url: '/staff/contact/messages',
        query: { status: status || undefined, page, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="page">
      <h1>{t('contactMessages.title')}</h1>
      <p className="muted">{t('contactMessages.intro')}</p>
      <StatusFilter
        onApply={(chosen) => {
          setStatus(chosen);
          setPage(1);
        }}
      />
      {list.isError ? (
        <p className="field-error" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns(t)}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isPending}
        empty={t('contactMessages.none')}
        testId="contact-messages-table"
      />
      {list.data ? (
        <Pager
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
        />
      ) : null}
    </div>
  );
}
