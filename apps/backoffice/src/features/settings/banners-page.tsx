import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUILT_PLAYER_ROUTES,
  checkLinkTarget,
  isBuiltPlayerPath,
  staffBannerFieldsSchema,
  staffBannerUpdateBodySchema,
  type staffBannerSchema,
} from '@spm/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import {
  type Column,
  ConfirmDialog,
  DataTable,
  Field,
  FormFeedback,
  ModalForm,
  opsErrorText,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { createBanner, deleteBanner, fetchBanners, settingsKeys, updateBanner } from './api.ts';
import { IMAGE_ACCEPT, IMAGE_MAX_MB, imageProblem, previewUrl } from './lib.ts';
import './settings.css';
import {
  TranslationFields,
  draftsOf,
  sameTranslations,
  translationsOf,
} from './translation-fields.tsx';

type Banner = z.infer<typeof staffBannerSchema>;

/**
 * Issue 40 item 7: what is wrong with a banner's target, in the operator's language (the
 * server refuses the same targets with the contract's English message).
 */
function targetProblem(t: TFunction<'ops'>, link: string | null): string | undefined {
  if (link === null) return undefined;
  const target = checkLinkTarget(link);
  return target.ok ? undefined : t(`settings.banners.target.${target.why}`);
}

/** Pages without a parameter, offered as the operator types a target. */
const TARGET_SUGGESTIONS = BUILT_PLAYER_ROUTES.filter((route) => !route.includes(':'));
const TARGETS_LIST_ID = 'banner-targets';

function TargetSuggestions() {
  return (
    <datalist id={TARGETS_LIST_ID}>
      {TARGET_SUGGESTIONS.map((route) => (
        <option key={route} value={route} />
      ))}
    </datalist>
  );
}

/** The player home carousel: upload, order, enable, edit and delete banners. */
export function BannersPage() {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const banners = useQuery({ queryKey: settingsKeys.banners, queryFn: fetchBanners });
  const [editing, setEditing] = useState<Banner | null>(null);
  const [deleting, setDeleting] = useState<Banner | null>(null);
  const [orders, setOrders] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: settingsKeys.banners });
  const patch = useMutation({
    mutationFn: ({ id, body }: { id: string; body: unknown }) => updateBanner(id, body),
    onSuccess: () => {
      setError(null);
      toastSuccess(t('common.saved'));
    },
    onError: (failure) => setError(opsErrorText(failure)),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteBanner(id),
    onSuccess: () => {
      setError(null);
      toastSuccess(t('settings.banners.deleted'));
    },
    onError: (failure) => setError(opsErrorText(failure)),
    onSettled: () => {
      setDeleting(null);
      refresh();
    },
  });

  const saveOrder = (banner: Banner) => {
    const text = orders[banner.id] ?? String(banner.order);
    const parsed = staffBannerUpdateBodySchema.safeParse({ order: Number(text) });
    if (text.trim() === '' || !parsed.success) {
      setError(t('settings.banners.orderInvalid'));
      return;
    }
    patch.mutate(
      { id: banner.id, body: parsed.data },
      {
        onSuccess: () =>
          setOrders((current) => {
            const next = { ...current };
            delete next[banner.id];
            return next;
          }),
      },
    );
  };

  const sorted = [...(banners.data ?? [])].sort((a, b) => a.order - b.order);
  const nextOrder = sorted.length === 0 ? 0 : Math.min(1000, (sorted.at(-1)?.order ?? 0) + 1);

  const columns: Column<Banner>[] = [
    {
      key: 'image',
      header: t('settings.banners.image'),
      render: (row) => <img className="ops-banner-thumb" src={row.imageUrl} alt={row.title} />,
    },
    {
      key: 'title',
      header: t('settings.banners.titleField'),
      render: (row) => (
        <span>
          {row.title}
          {row.linkUrl ? (
            <>
              <br />
              <small className="muted">{row.linkUrl}</small>
              {row.linkUrl.startsWith('/') && !isBuiltPlayerPath(row.linkUrl) ? (
                <>
                  <br />
                  <small className="field-error" data-testid="banner-hidden-unbuilt">
                    {t('settings.banners.hiddenUnbuilt')}
                  </small>
                </>
              ) : null}
            </>
          ) : null}
        </span>
      ),
    },
    {
      key: 'order',
      header: t('settings.banners.order'),
      render: (row) => {
        const value = orders[row.id] ?? String(row.order);
        const changed = value !== String(row.order);
        return (
          <span className="ops-inline">
            <input
              className="ops-narrow"
              inputMode="numeric"
              aria-label={t('settings.banners.orderOf', { title: row.title })}
              value={value}
              onChange={(change) => setOrders({ ...orders, [row.id]: change.target.value })}
            />
            {changed ? (
              <button type="button" onClick={() => saveOrder(row)} disabled={patch.isPending}>
                {t('common.save')}
              </button>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'enabled',
      header: t('common.enabled'),
      render: (row) => (
        <input
          type="checkbox"
          aria-label={t('settings.banners.enabledOf', { title: row.title })}
          checked={row.enabled}
          disabled={patch.isPending}
          onChange={(change) =>
            patch.mutate({ id: row.id, body: { enabled: change.target.checked } })
          }
        />
      ),
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
      <h1>{t('settings.banners.title')}</h1>
      <p className="muted">{t('settings.banners.help')}</p>
      {error || banners.isError ? (
        <p className="field-error" role="alert">
          {error ?? opsErrorText(banners.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={sorted}
        rowKey={(row) => row.id}
        loading={banners.isPending}
        empty={t('settings.banners.empty')}
        testId="banners-table"
      />
      <BannerUploadForm nextOrder={nextOrder} onUploaded={refresh} />
      {editing ? <BannerEditDialog banner={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('settings.banners.deleteTitle', { title: deleting?.title ?? '' })}
        message={t('settings.banners.deleteEffect')}
        confirmLabel={t('common.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function BannerUploadForm({
  nextOrder,
  onUploaded,
}: {
  nextOrder: number;
  onUploaded: () => void;
}) {
  const { t } = useTranslation('ops');
  const [title, setTitle] = useState('');
  const [linkUrl, setLinkUrl] = useState('');
  const [order, setOrder] = useState<string | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = previewUrl(file);
    setPreview(url);
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const upload = useMutation({
    mutationFn: createBanner,
    onSuccess: () => {
      toastSuccess(t('settings.banners.uploaded'));
      setTitle('');
      setLinkUrl('');
      setOrder(null);
      setEnabled(true);
      setFile(null);
      setInputKey((key) => key + 1);
      onUploaded();
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });

  const orderText = order ?? String(nextOrder);
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const found: Record<string, string> = {};
    const fields = staffBannerFieldsSchema.safeParse({
      title,
      linkUrl: linkUrl.trim() || undefined,
      order: orderText.trim() === '' ? undefined : orderText,
      enabled: enabled ? 'true' : 'false',
    });
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        const key = String(issue.path[0] ?? 'title');
        found[key] = t(`settings.banners.invalid.${key}`, { defaultValue: issue.message });
      }
    }
    const badTarget = fields.success ? targetProblem(t, fields.data.linkUrl ?? null) : undefined;
    if (badTarget) found.linkUrl = badTarget;
    const problem = imageProblem(file);
    if (problem) found.image = t(`settings.image.${problem}`, { mb: IMAGE_MAX_MB });
    setProblems(found);
    if (Object.keys(found).length > 0 || !fields.success || !file) return;
    setError(null);
    const formData = new FormData();
    formData.append('title', fields.data.title);
    if (fields.data.linkUrl) formData.append('linkUrl', fields.data.linkUrl);
    formData.append('order', String(fields.data.order));
    formData.append('enabled', String(fields.data.enabled));
    formData.append('image', file);
    upload.mutate(formData);
  };

  return (
    <form
      className="ops-settings-form"
      onSubmit={submit}
      noValidate
      aria-label={t('settings.banners.upload')}
    >
      <fieldset>
        <legend>{t('settings.banners.upload')}</legend>
        <Field label={t('settings.banners.titleField')} error={problems.title}>
          <input value={title} onChange={(change) => setTitle(change.target.value)} />
        </Field>
        <Field label={t('settings.banners.link')} error={problems.linkUrl}>
          <input
            value={linkUrl}
            list={TARGETS_LIST_ID}
            placeholder="/spmsports/cricket"
            onChange={(change) => setLinkUrl(change.target.value)}
          />
        </Field>
        <TargetSuggestions />
        <Field label={t('settings.banners.order')} error={problems.order}>
          <input
            inputMode="numeric"
            value={orderText}
            onChange={(change) => setOrder(change.target.value)}
          />
        </Field>
        <label className="ops-check">
          <input
            type="checkbox"
            checked={enabled}
            onChange={(change) => setEnabled(change.target.checked)}
          />
          {t('settings.banners.enableNow')}
        </label>
        <Field label={t('settings.banners.imageFile', { mb: IMAGE_MAX_MB })} error={problems.image}>
          <input
            key={inputKey}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={(change) => setFile(change.target.files?.[0] ?? null)}
          />
        </Field>
        {preview ? (
          <img className="ops-banner-preview" src={preview} alt={t('settings.banners.preview')} />
        ) : null}
        <FormFeedback error={error} />
        <div className="actions">
          <button type="submit" className="primary" disabled={upload.isPending}>
            {t('settings.banners.uploadButton')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function BannerEditDialog({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(banner.title);
  const [drafts, setDrafts] = useState(draftsOf(banner.titleTranslations));
  const [linkUrl, setLinkUrl] = useState(banner.linkUrl ?? '');
  const [linkProblem, setLinkProblem] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: unknown) => updateBanner(banner.id, body),
    onSuccess: () => {
      toastSuccess(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.banners });
      onClose();
    },
    onError: (failure) => setError(opsErrorText(failure)),
  });
  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const changes: Record<string, unknown> = {};
    if (title.trim() !== banner.title) changes.title = title.trim();
    if (!sameTranslations(drafts, banner.titleTranslations)) {
      changes.titleTranslations = translationsOf(drafts);
    }
    const link = linkUrl.trim() || null;
    if (link !== banner.linkUrl) changes.linkUrl = link;
    const badTarget = link === banner.linkUrl ? undefined : targetProblem(t, link);
    setLinkProblem(badTarget);
    if (badTarget) return;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    const parsed = staffBannerUpdateBodySchema.safeParse(changes);
    if (!parsed.success) {
      setError(t('settings.banners.invalid.title'));
      return;
    }
    save.mutate(parsed.data);
  };
  return (
    <ModalForm
      open
      title={t('settings.banners.editTitle')}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      busy={save.isPending}
    >
      <Field label={t('settings.banners.titleField')}>
        <input value={title} onChange={(change) => setTitle(change.target.value)} />
      </Field>
      <TranslationFields
        label={t('settings.banners.titleField')}
        drafts={drafts}
        onChange={setDrafts}
        maxLength={100}
      />
      <Field label={t('settings.banners.link')} error={linkProblem}>
        <input
          value={linkUrl}
          list={TARGETS_LIST_ID}
          onChange={(change) => setLinkUrl(change.target.value)}
        />
      </Field>
      <TargetSuggestions />
    </ModalForm>
  );
}
