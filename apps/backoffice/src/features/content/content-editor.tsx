import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@spm/client';
import { Markdown } from '@spm/client/markdown';
import {
  LANGUAGE_NAMES,
  type StaffContentHistory,
  type StaffContentText,
  type StaffContentVersion,
} from '@spm/contract';
import {
  ConfirmDialog,
  DataTable,
  Field,
  Modal,
  opsErrorText,
  Pager,
  StatusBadge,
  type Column,
} from '../../shared/ui/index.ts';
import {
  contentKeys,
  fetchContentHistory,
  HISTORY_PAGE_SIZE,
  previewContent,
  publishContentVersion,
  saveContentDraft,
  type PageLanguage,
} from './api.ts';

const PREVIEW_DELAY_MS = 300;

/** Where the editor starts: the latest version (a draft or the live one), else the built-in text. */
function startingText(history: StaffContentHistory): StaffContentText {
  const latest = history.items[0];
  if (latest) return { title: latest.title, body: latest.body };
  return history.builtIn ?? { title: '', body: '' };
}

/** The editor of one page in one language, with its history. */
export function ContentEditor({ target }: { target: PageLanguage }) {
  const { t } = useTranslation();
  const first = useQuery({
    queryKey: contentKeys.history(target, 1),
    queryFn: () => fetchContentHistory(target, 1),
  });
  const heading = t('content.editing', {
    page: t(`content.pages.${target.slug}`),
    language: LANGUAGE_NAMES[target.language],
  });
  return (
    <section className="content-editor" aria-label={heading} data-testid="content-editor">
      <h2>{heading}</h2>
      {first.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(first.error)}
        </p>
      ) : null}
      {first.data ? (
        <>
          <EditorForm
            target={target}
            initial={startingText(first.data)}
            draftVersion={
              first.data.items[0]?.status === 'draft' ? first.data.items[0].version : null
            }
            isStored={first.data.items.length > 0}
          />
          <History target={target} />
        </>
      ) : first.isPending ? (
        <p className="muted">{t('ui.loading')}</p>
      ) : null}
    </section>
  );
}

/** The text after it has stayed unchanged for a moment (so the preview is not asked per key). */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Saves the text as the draft, publishes a draft; both refresh the grid and the history. */
function useEditorActions(target: PageLanguage) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: contentKeys.pages });
    void client.invalidateQueries({ queryKey: contentKeys.historyOf(target) });
  };
  const save = useMutation({
    mutationFn: (text: StaffContentText) => saveContentDraft(target, text),
    onSuccess: refresh,
  });
  const publish = useMutation({
    mutationFn: async (plan: { text: StaffContentText | null; version: number | null }) => {
      const version = plan.text
        ? (await saveContentDraft(target, plan.text)).version
        : plan.version;
      if (version === null) throw new Error('nothing to publish');
      return publishContentVersion(target, version);
    },
    onSuccess: refresh,
  });
  return { save, publish };
}

interface EditorStart {
  target: PageLanguage;
  initial: StaffContentText;
  draftVersion: number | null;
  isStored: boolean;
}

/** The editor's text, what is stored of it, and its save and publish. */
function useEditor({ target, initial, draftVersion, isStored }: EditorStart) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  // The text stored as the latest version (null: none yet; the built-in text is not stored).
  const [savedText, setSavedText] = useState<StaffContentText | null>(isStored ? initial : null);
  const [notice, setNotice] = useState<string | null>(null);
  const [draft, setDraft] = useState(draftVersion);
  const { save, publish } = useEditorActions(target);
  const unsaved =
    savedText === null || savedText.title !== text.title || savedText.body !== text.body;
  const complete = text.title.trim() !== '' && text.body.trim() !== '';
  const onSave = () =>
    save.mutate(text, {
      onSuccess: (saved) => {
        setSavedText(text);
        setDraft(saved.version);
        setNotice(t('content.saved', { version: saved.version }));
      },
    });
  const onPublish = (done: () => void) =>
    publish.mutate(
      { text: unsaved ? text : null, version: draft },
      {
        onSuccess: (published) => {
          done();
          setSavedText(text);
          setDraft(null);
          setNotice(t('content.publishedNow', { version: published.version }));
        },
      },
    );
  return {
    text,
    setText,
    unsaved,
    complete,
    // A published text unchanged has nothing to publish; a draft or an edit has.
    publishable: complete && (unsaved || draft !== null),
    busy: save.isPending || publish.isPending,
    publishing: publish.isPending,
    error: save.error ?? publish.error,
    notice: unsaved ? null : notice,
    onSave,
    onPublish,
  };
}

function TextFields({
  text,
  onChange,
}: {
  text: StaffContentText;
  onChange: (text: StaffContentText) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('content.fieldTitle')}>
        <input
          value={text.title}
          maxLength={200}
          data-testid="content-title"
          onChange={(event) => onChange({ title: event.target.value, body: text.body })}
        />
      </Field>
      <Field label={t('content.fieldBody')}>
        <textarea
          rows={18}
          value={text.body}
          data-testid="content-body-input"
          onChange={(event) => onChange({ title: text.title, body: event.target.value })}
        />
      </Field>
      <p className="muted">{t('content.tokensHelp', { example: '{{BRAND_NAME}}' })}</p>
    </>
  );
}

function EditorForm(start: EditorStart) {
  const { t } = useTranslation();
  const editor = useEditor(start);
  const [asking, setAsking] = useState(false);
  return (
    <div className="content-edit">
      <div className="content-edit__form">
        <TextFields text={editor.text} onChange={editor.setText} />
        {editor.error ? (
          <p className="field-error" role="alert">
            {opsErrorText(editor.error)}
          </p>
        ) : null}
        <div className="actions">
          <button
            type="button"
            disabled={editor.busy || !editor.complete || !editor.unsaved}
            onClick={editor.onSave}
          >
            {t('content.saveDraft')}
          </button>
          <button
            type="button"
            className="primary"
            disabled={editor.busy || !editor.publishable}
            onClick={() => setAsking(true)}
          >
            {t('content.publish')}
          </button>
          {editor.unsaved ? <span className="muted">{t('content.unsaved')}</span> : null}
          {editor.notice ? <span role="status">{editor.notice}</span> : null}
        </div>
      </div>
      <Preview text={editor.text} />
      <ConfirmDialog
        open={asking}
        title={t('content.publishTitle')}
        message={t('content.publishMessage', {
          language: LANGUAGE_NAMES[start.target.language],
        })}
        confirmLabel={t('content.publish')}
        busy={editor.publishing}
        onConfirm={() => editor.onPublish(() => setAsking(false))}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}

/** The text as players will see it: the app details filled in by the server, then rendered. */
function Preview({ text }: { text: StaffContentText }) {
  const { t } = useTranslation();
  const settled = useSettled(text, PREVIEW_DELAY_MS);
  const preview = useQuery({
    queryKey: contentKeys.preview(settled),
    queryFn: () => previewContent(settled),
    placeholderData: keepPreviousData,
  });
  const shown = preview.data ?? text;
  return (
    <div
      className="content-preview"
      aria-label={t('content.preview')}
      data-testid="content-preview"
    >
      <h3 className="muted">{t('content.preview')}</h3>
      <h1>{shown.title}</h1>
      <Markdown source={shown.body} />
    </div>
  );
}

/** The history table's columns; `onView` opens a version. */
function useHistoryColumns(
  live: number | undefined,
  onView: (version: StaffContentVersion) => void,
): Column<StaffContentVersion>[] {
  const { t } = useTranslation();
  return [
    { key: 'version', header: t('content.version'), render: (row) => row.version },
    {
      key: 'status',
      header: t('content.status'),
      render: (row) => (
        <StatusBadge
          status={row.status}
          tone={row.status === 'draft' ? 'warn' : row.version === live ? 'good' : 'neutral'}
          label={t(row.status === 'draft' ? 'content.statusDraft' : 'content.statusPublished')}
        />
      ),
    },
    { key: 'title', header: t('content.fieldTitle'), render: (row) => row.title },
    {
      key: 'by',
      header: t('content.by'),
      render: (row) => row.publishedBy ?? row.createdBy,
    },
    {
      key: 'when',
      header: t('content.when'),
      render: (row) => formatDateTime(row.publishedAt ?? row.updatedAt),
    },
    {
      key: 'view',
      header: t('ui.actions'),
      render: (row) => (
        <button type="button" onClick={() => onView(row)}>
          {t('content.view')}
        </button>
      ),
    },
  ];
}

function History({ target }: { target: PageLanguage }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<StaffContentVersion | null>(null);
  const history = useQuery({
    queryKey: contentKeys.history(target, page),
    queryFn: () => fetchContentHistory(target, page),
    placeholderData: keepPreviousData,
  });
  const live = history.data?.items.find((item) => item.status === 'published')?.version;
  const columns = useHistoryColumns(live, setViewing);
  return (
    <div className="content-history">
      <h3>{t('content.history')}</h3>
      <DataTable
        columns={columns}
        rows={history.data?.items}
        rowKey={(row) => String(row.version)}
        loading={history.isPending}
        empty={t('content.noVersions')}
        testId="content-history"
      />
      {history.data ? (
        <Pager
          page={page}
          pageSize={HISTORY_PAGE_SIZE}
          total={history.data.total}
          onPage={setPage}
        />
      ) : null}
      <Modal
        open={viewing !== null}
        wide
        title={t('content.viewing', { version: viewing?.version ?? '' })}
        onClose={() => setViewing(null)}
      >
        {viewing ? (
          <div className="content-preview" data-testid="content-version-view">
            <h1>{viewing.title}</h1>
            <Markdown source={viewing.body} />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
