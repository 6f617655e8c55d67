import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  LANGUAGE_NAMES,
  TRANSLATED_LANGUAGES,
  staffNameSearchQuerySchema,
  staffNameTranslationBodySchema,
  type StaffNameTranslation,
} from '@spm/contract';
import {
  type Column,
  DataTable,
  Field,
  ModalForm,
  opsErrorText,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { nameTranslationsKey, saveNames, searchNames } from './api.ts';
import './settings.css';
import {
  TranslationFields,
  draftsOf,
  sameTranslations,
  translationsOf,
} from './translation-fields.tsx';

/** The search's columns: what it is, its name and place, the languages given, and Edit. */
function nameColumns(
  t: TFunction<'ops'>,
  onEdit: (row: StaffNameTranslation) => void,
): Column<StaffNameTranslation>[] {
  const given = (row: StaffNameTranslation) =>
    TRANSLATED_LANGUAGES.filter((language) => row.translations[language] !== undefined)
      .map((language) => LANGUAGE_NAMES[language])
      .join(', ') || t('settings.names.none');
  return [
    {
      key: 'kind',
      header: t('settings.names.kind'),
      render: (row) => t(`settings.names.${row.kind}`),
    },
    { key: 'name', header: t('settings.names.name'), render: (row) => row.name },
    { key: 'context', header: t('settings.names.context'), render: (row) => row.context },
    { key: 'given', header: t('settings.names.given'), render: given },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (row) => (
        <button
          type="button"
          aria-label={t('settings.names.editOf', { name: row.name })}
          onClick={() => onEdit(row)}
        >
          {t('common.edit')}
        </button>
      ),
    },
  ];
}

/**
 * Market and runner names in the other languages (docs/server-content-languages.md): search
 * by the market's, runner's or event's name, then give the names per language.
 */
export function NamesPage() {
  const { t } = useTranslation('ops');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<StaffNameTranslation | null>(null);
  const found = useQuery({
    queryKey: nameTranslationsKey(q ?? ''),
    queryFn: () => searchNames(q ?? ''),
    enabled: q !== null,
  });

  const search = (submitted: FormEvent) => {
    submitted.preventDefault();
    const parsed = staffNameSearchQuerySchema.safeParse({ q: draft });
    setProblem(parsed.success ? null : t('settings.names.tooShort'));
    if (parsed.success) setQ(parsed.data.q);
  };

  const columns = nameColumns(t, setEditing);

  return (
    <section className="page">
      <h1>{t('settings.names.title')}</h1>
      <form className="ops-settings-form" onSubmit={search} noValidate role="search">
        <Field label={t('settings.names.search')} error={problem}>
          <input value={draft} onChange={(change) => setDraft(change.target.value)} />
        </Field>
        <div className="actions">
          <button type="submit" className="primary">
            {t('settings.names.find')}
          </button>
        </div>
      </form>
      {found.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(found.error)}
        </p>
      ) : null}
      {q !== null ? (
        <DataTable
          columns={columns}
          rows={found.data}
          rowKey={(row) => `${row.kind}:${row.id}`}
          loading={found.isPending}
          empty={t('settings.names.empty')}
          testId="names-table"
        />
      ) : null}
      {editing ? (
        <NamesEditDialog entry={editing} q={q ?? ''} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}

function NamesEditDialog({
  entry,
  q,
  onClose,
}: {
  entry: StaffNameTranslation;
  q: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState(draftsOf(entry.translations));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof staffNameTranslationBodySchema.parse>) =>
      saveNames(entry.kind, entry.id, body.translations),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: nameTranslationsKey(q) });
      onClose();
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    if (sameTranslations(drafts, entry.translations)) {
      onClose();
      return;
    }
    const parsed = staffNameTranslationBodySchema.safeParse({
      translations: translationsOf(drafts),
    });
    if (!parsed.success) {
      setError(t('settings.names.invalid'));
      return;
    }
    save.mutate(parsed.data);
  };
  return (
    <ModalForm
      open
      title={t('settings.names.editTitle', { name: entry.name })}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={save.isPending}
    >
      <p>{entry.context}</p>
      <TranslationFields
        label={t('settings.names.name')}
        drafts={drafts}
        onChange={setDrafts}
        maxLength={200}
      />
    </ModalForm>
  );
}
