import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffBonusOffer, StaffBonusOfferInput } from '@spm/contract';
import { formatCount } from '@spm/client';
import { Field, ModalForm, opsErrorText, toastSuccess } from '../../shared/ui/index.ts';
import { createBonusOffer, settingsKeys, updateBonusOffer } from './api.ts';
import {
  OFFER_LIMITS,
  OFFER_NUMBER_FIELDS,
  checkOffer,
  emptyOfferDraft,
  offerDraftOf,
  offerPatchOf,
  type OfferDraft,
  type OfferField,
  type OfferProblems,
} from './bonus-offer-form.ts';
import { TranslationFields } from './translation-fields.tsx';

const TITLE_MAX = 80;

export interface BonusOfferDialogProps {
  /** The offer to edit; null: a new one. */
  offer: StaffBonusOffer | null;
  onClose: () => void;
}

/** One form for a new offer and for an edit; an edit sends only what changed. */
export function BonusOfferDialog({ offer, onClose }: BonusOfferDialogProps) {
  const { t } = useTranslation('bonus');
  const { t: tOps } = useTranslation('ops');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => (offer ? offerDraftOf(offer) : emptyOfferDraft()));
  const [problems, setProblems] = useState<OfferProblems>({});
  const save = useMutation({
    mutationFn: (body: StaffBonusOfferInput) =>
      offer ? updateBonusOffer(offer.id, offerPatchOf(offer, body)) : createBonusOffer(body),
    onSuccess: () => {
      toastSuccess(offer ? tOps('common.saved') : t('offers.created'));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.bonusOffers });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkOffer(draft);
    setProblems(checked.problems ?? {});
    if (!checked.body) return;
    if (offer && Object.keys(offerPatchOf(offer, checked.body)).length === 0) {
      onClose();
      return;
    }
    save.mutate(checked.body);
  };
  return (
    <ModalForm
      open
      wide
      title={t(offer ? 'offers.editTitle' : 'offers.createTitle')}
      onClose={onClose}
      onSubmit={submit}
      error={save.isError ? opsErrorText(save.error) : null}
      busy={save.isPending}
    >
      <OfferFields draft={draft} problems={problems} onChange={setDraft} />
    </ModalForm>
  );
}

interface OfferFieldsProps {
  draft: OfferDraft;
  problems: OfferProblems;
  onChange: (draft: OfferDraft) => void;
}

/** The offer's title (with its translations), terms, switches and dates. */
function OfferFields({ draft, problems, onChange }: OfferFieldsProps) {
  const { t } = useTranslation('bonus');
  const set = <K extends keyof OfferDraft>(key: K, value: OfferDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const problem = (field: OfferField) => {
    const key = problems[field];
    if (!key) return null;
    const limits = field in OFFER_LIMITS ? OFFER_LIMITS[field as keyof typeof OFFER_LIMITS] : null;
    return t(`offers.problems.${key}`, {
      min: limits ? String(limits.min) : '',
      max: limits ? formatCount(limits.max) : '',
    });
  };
  const label = (field: keyof OfferDraft) => t(`offers.fields.${field}`);
  return (
    <>
      <Field label={label('title')} error={problem('title')}>
        <input
          maxLength={TITLE_MAX}
          value={draft.title}
          onChange={(event) => set('title', event.target.value)}
        />
      </Field>
      <TranslationFields
        label={label('title')}
        drafts={draft.translations}
        onChange={(translations) => set('translations', translations)}
        maxLength={TITLE_MAX}
      />
      {OFFER_NUMBER_FIELDS.map((field) => (
        <Field key={field} label={label(field)} error={problem(field)}>
          <input
            inputMode="decimal"
            value={draft[field]}
            aria-invalid={problems[field] ? true : undefined}
            onChange={(event) => set(field, event.target.value)}
          />
        </Field>
      ))}
      {(['startsAt', 'endsAt'] as const).map((field) => (
        <Field key={field} label={label(field)} error={problem(field)}>
          <input
            type="datetime-local"
            value={draft[field]}
            onChange={(event) => set(field, event.target.value)}
          />
        </Field>
      ))}
      {(['firstDepositOnly', 'active'] as const).map((field) => (
        <label key={field} className="ops-check">
          <input
            type="checkbox"
            checked={draft[field]}
            onChange={(event) => set(field, event.target.checked)}
          />
          {label(field)}
        </label>
      ))}
    </>
  );
}
