import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  staffAnnouncementBodySchema,
  staffAnnouncementUpdateBodySchema,
  type staffAnnouncementSchema,
} from '@spm/contract';
import type { z } from 'zod';
import {
  type Column,
  ConfirmDialog,
  DataTable,
  DialogActions,
  Field,
  FormFeedback,
  Modal,
  opsErrorText,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { formatDateTime } from '@spm/client';
import {
  createAnnouncement,
  deleteAnnouncement,
  fetchAnnouncements,
  settingsKeys,
  updateAnnouncement,
} from './api.ts';
import './settings.css';
import {
  TranslationFields,
  draftsOf,
  sameTranslations,
  translationsOf,
} from './translation-fields.tsx';

type Announcement = z.infer<typeof staffAnnouncementSchema>;

/** The ticker lines players see: add, edit, switch on or off, delete. */
export function AnnouncementsPage() {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: settingsKeys.announcements, queryFn: fetchAnnouncements });
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: settingsKeys.announcements });

  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      updateAnnouncement(id, { enabled }),
    onSuccess: () => setError(null),
    onError: (failure) => setError(opsErrorText(failure)),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => {
      setError(null);
      toastSuccess(t('settings.announcements.deleted'));
    },
    onError: (failure) => setError(opsErrorText(failure)),
    onSettled: () => {
      setDeleting(null);
      refresh();
    },
  });

  const columns: Column<Announcement>[] = [
    { key: 'message', header: t('settings.announcements.message'), render: (row) => row.message },
    {
      key: 'enabled',
      header: t('common.enabled'),
      render: (row) => (
        <input
          type="checkbox"
          aria-label={t('settings.announcements.enabledOf', { message: row.message })}
          checked={row.enabled}
          disabled={toggle.isPending}
          onChange={(change) => toggle.mutate({ id: row.id, enabled: change.target.checked })}
        />
      ),
    },
    {
      key: 'created',
      header: t('settings.announcements.created'),
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (row) => (
        <span className="ops-inline">
          <button type="button" onClick={() => setEditing(row)}>
            {t('common.edit')}
          </button>
          <button type="button" className="danger" onClick={() => setDeleting(row)}>
            {t('common.delete')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <section className="page">
      <h1>{t('settings.announcements.title')}</h1>
      {error || list.isError ? (
        <p className="field-error" role="alert">
          {error ?? opsErrorText(list.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(row) => row.id}
        loading={list.isPending}
        empty={t('settings.announcements.empty')}
        testId="announcements-table"
      />
      <AnnouncementForm onSaved={refresh} />
      {editing ? (
        <AnnouncementEditDialog announcement={editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('settings.announcements.deleteTitle')}
        message={deleting?.message}
        confirmLabel={t('common.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function AnnouncementForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('ops');
  const [message, setMessage] = useState('');
  const [drafts, setDrafts] = useState(draftsOf(undefined));
  const [enabled, setEnabled] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createAnnouncement,
    onSuccess: () => {
      toastSuccess(t('settings.announcements.added'));
      setMessage('');
      setDrafts(draftsOf(undefined));
      setEnabled(true);
      onSaved();
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const parsed = staffAnnouncementBodySchema.safeParse({
      message,
      translations: translationsOf(drafts),
      enabled,
    });
    if (!parsed.success) {
      setProblem(t('settings.announcements.invalid'));
      return;
    }
    setProblem(null);
    setError(null);
    create.mutate(parsed.data);
  };
  return (
    <form
      className="ops-settings-form"
      onSubmit={submit}
      noValidate
      aria-label={t('settings.announcements.add')}
    >
      <fieldset>
        <legend>{t('settings.announcements.add')}</legend>
        <Field label={t('settings.announcements.message')} error={problem}>
          <textarea
            rows={2}
            value={message}
            onChange={(change) => setMessage(change.target.value)}
          />
        </Field>
        <TranslationFields
          label={t('settings.announcements.message')}
          drafts={drafts}
          onChange={setDrafts}
          multiline
          maxLength={500}
        />
        <label className="ops-check">
          <input
            type="checkbox"
            checked={enabled}
            onChange={(change) => setEnabled(change.target.checked)}
          />
          {t('settings.announcements.showNow')}
        </label>
        <FormFeedback error={error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('common.add')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function AnnouncementEditDialog({
  announcement,
  onClose,
}: {
  announcement: Announcement;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [message, setMessage] = useState(announcement.message);
  const [drafts, setDrafts] = useState(draftsOf(announcement.translations));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: unknown) => updateAnnouncement(announcement.id, body),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.announcements });
      onClose();
    },
    onError: (failure) => setProblem(opsErrorText(failure)),
  });
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const changes: Record<string, unknown> = {};
    if (message.trim() !== announcement.message) changes.message = message;
    if (!sameTranslations(drafts, announcement.translations)) {
      changes.translations = translationsOf(drafts);
    }
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const parsed = staffAnnouncementUpdateBodySchema.safeParse(changes);
    if (!parsed.success) {
      setProblem(t('settings.announcements.invalid'));
      return;
    }
    save.mutate(parsed.data);
  };
  return (
    <Modal open title={t('settings.announcements.editTitle')} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <Field label={t('settings.announcements.message')} error={problem}>
          <textarea
            rows={3}
            value={message}
            onChange={(change) => setMessage(change.target.value)}
          />
        </Field>
        <TranslationFields
          label={t('settings.announcements.message')}
          drafts={drafts}
          onChange={setDrafts}
          multiline
          maxLength={500}
        />
        <DialogActions onCancel={onClose} busy={save.isPending} />
      </form>
    </Modal>
  );
}
