import {
  BONUS_GRANT_VALID_DAYS,
  BONUS_GRANT_WAGERING_MULTIPLIER,
  staffBonusOfferInputSchema,
  type StaffBonusOffer,
  type StaffBonusOfferInput,
  type StaffBonusOfferPatch,
} from '@spm/contract';
import { fromIndiaInputValue, toIndiaInputValue } from '@spm/core';
import {
  draftsOf,
  sameTranslations,
  translationsOf,
  type TranslationDrafts,
} from './translation-fields.tsx';

/*
 * The bonus offer form (create and edit alike): the fields as typed, checked with the
 * contract's own schema (staffBonusOfferInputSchema), each failing field given its message.
 */

/** The figures, typed as text; NaN (blank or not a number) is refused by the schema. */
export const OFFER_NUMBER_FIELDS = [
  'percent',
  'maxBonusPoints',
  'minDepositPoints',
  'wageringMultiplier',
  'validDays',
] as const;
type NumberField = (typeof OFFER_NUMBER_FIELDS)[number];

/** The bounds, for the messages only (the schema holds the rules). */
export const OFFER_LIMITS: Record<NumberField, { min: number; max: number }> = {
  percent: { min: 0.01, max: 1000 },
  maxBonusPoints: { min: 0.01, max: 1_000_000 },
  minDepositPoints: { min: 0.01, max: 10_000_000 },
  wageringMultiplier: { min: 0, max: 100 },
  validDays: { min: 1, max: 365 },
};

export type OfferDraft = Record<NumberField, string> & {
  title: string;
  translations: TranslationDrafts;
  firstDepositOnly: boolean;
  active: boolean;
  /** datetime-local values in India time; '' for no bound. */
  startsAt: string;
  endsAt: string;
};

export type OfferField = NumberField | 'title' | 'startsAt' | 'endsAt';
/** Per field, the translation key (under settings.bonusOffers.problems) of what is wrong. */
export type OfferProblems = Partial<Record<OfferField, string>>;

export function emptyOfferDraft(): OfferDraft {
  return {
    title: '',
    translations: draftsOf(undefined),
    percent: '',
    maxBonusPoints: '',
    minDepositPoints: '',
    wageringMultiplier: String(BONUS_GRANT_WAGERING_MULTIPLIER),
    validDays: String(BONUS_GRANT_VALID_DAYS),
    firstDepositOnly: false,
    active: true,
    startsAt: '',
    endsAt: '',
  };
}

export function offerDraftOf(offer: StaffBonusOffer): OfferDraft {
  return {
    title: offer.title,
    translations: draftsOf(offer.titleTranslations),
    ...(Object.fromEntries(
      OFFER_NUMBER_FIELDS.map((field) => [field, String(offer[field])]),
    ) as Record<NumberField, string>),
    firstDepositOnly: offer.firstDepositOnly,
    active: offer.active,
    startsAt: offer.startsAt ? toIndiaInputValue(offer.startsAt) : '',
    endsAt: offer.endsAt ? toIndiaInputValue(offer.endsAt) : '',
  };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** '' is no bound; a time that is not one stays '' and the schema refuses it. */
const instantOf = (text: string) => (text.trim() === '' ? null : fromIndiaInputValue(text));

/** The body to send, or the problems per field. */
export function checkOffer(
  draft: OfferDraft,
): { body: StaffBonusOfferInput; problems: null } | { body: null; problems: OfferProblems } {
  const parsed = staffBonusOfferInputSchema.safeParse({
    title: draft.title,
    titleTranslations: translationsOf(draft.translations),
    ...Object.fromEntries(OFFER_NUMBER_FIELDS.map((field) => [field, numberOf(draft[field])])),
    firstDepositOnly: draft.firstDepositOnly,
    active: draft.active,
    startsAt: instantOf(draft.startsAt),
    endsAt: instantOf(draft.endsAt),
  });
  const problems: OfferProblems = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] === 'titleTranslations' ? 'title' : issue.path[0];
    problems[field as OfferField] = String(field);
  }
  const body = parsed.data;
  if (body?.startsAt && body.endsAt && body.endsAt <= body.startsAt) {
    problems.endsAt = 'endsBeforeStart';
  }
  if (!body || Object.keys(problems).length > 0) return { body: null, problems };
  return { body, problems: null };
}

/** What the edit changes: only the fields that differ from the offer as stored. */
export function offerPatchOf(
  offer: StaffBonusOffer,
  body: StaffBonusOfferInput,
): StaffBonusOfferPatch {
  const patch: StaffBonusOfferPatch = {};
  // The form holds times to the minute: a stored time is unchanged if its minute is.
  const minute = (time: string | null) =>
    time === null ? null : Math.floor(Date.parse(time) / 60_000);
  const same = (a: string | null, b: string | null) => minute(a) === minute(b);
  if (body.title !== offer.title) patch.title = body.title;
  if (!sameTranslations(draftsOf(offer.titleTranslations), body.titleTranslations)) {
    patch.titleTranslations = body.titleTranslations;
  }
  for (const field of OFFER_NUMBER_FIELDS) {
    if (body[field] !== offer[field]) patch[field] = body[field];
  }
  if (body.firstDepositOnly !== offer.firstDepositOnly) {
    patch.firstDepositOnly = body.firstDepositOnly;
  }
  if (body.active !== offer.active) patch.active = body.active;
  if (!same(body.startsAt, offer.startsAt)) patch.startsAt = body.startsAt;
  if (!same(body.endsAt, offer.endsAt)) patch.endsAt = body.endsAt;
  return patch;
}
