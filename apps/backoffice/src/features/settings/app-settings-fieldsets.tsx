import { useTranslation } from 'react-i18next';
import { ORGANISATION_STATUSES, type OrganisationStatus } from '@spm/contract';
import { Field } from '../../shared/ui/index.ts';

export const TEXT_FIELDS = [
  'BRAND_NAME',
  'LOGO_URL',
  'BRAND_STATUS',
  'WHATS_APP_URL',
  'TELEGRAM',
  'INSTATGRAM',
  'FACEBOOK',
  'GRIEVANCE_OFFICER_NAME',
  'GRIEVANCE_OFFICER_EMAIL',
  'GRIEVANCE_OFFICER_PHONE',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** Whole-point settings, typed as text in the form. */
export const POINTS_FIELDS = ['REFERRAL_REWARD_POINTS', 'REFERRAL_MIN_DEPOSIT_POINTS'] as const;
type PointsField = (typeof POINTS_FIELDS)[number];
export type AppSettingsFormValues = Record<TextField | PointsField, string> & {
  OTP: string;
  IS_EMAIL: string;
  organisationStatus: OrganisationStatus;
};

/** What every fieldset gets: the form as typed so far and how to change it. */
export interface FieldsetProps {
  form: AppSettingsFormValues;
  setForm: (form: AppSettingsFormValues) => void;
}

function TextSetting({
  form,
  setForm,
  field,
  type = 'text',
}: FieldsetProps & { field: TextField; type?: 'text' | 'url' | 'email' | 'tel' }) {
  const { t } = useTranslation('ops');
  return (
    <Field label={t(`settings.app.fields.${field}`)}>
      <input
        type={type}
        value={form[field]}
        onChange={(change) => setForm({ ...form, [field]: change.target.value })}
      />
    </Field>
  );
}

export function BrandFieldset(props: FieldsetProps) {
  const { t } = useTranslation('ops');
  const logoUrl = props.form.LOGO_URL.trim();
  return (
    <fieldset>
      <legend>{t('settings.app.brand')}</legend>
      <TextSetting {...props} field="BRAND_NAME" />
      <TextSetting {...props} field="LOGO_URL" type="url" />
      {logoUrl ? (
        <img className="ops-logo-preview" src={logoUrl} alt={t('settings.app.logoPreview')} />
      ) : null}
      <TextSetting {...props} field="BRAND_STATUS" />
    </fieldset>
  );
}

export function SignUpFieldset({ form, setForm }: FieldsetProps) {
  const { t } = useTranslation('ops');
  const otpOptions = ['0', '1'].includes(form.OTP) ? ['0', '1'] : ['0', '1', form.OTP];
  return (
    <fieldset>
      <legend>{t('settings.app.signUp')}</legend>
      <Field label={t('settings.app.fields.OTP')}>
        <select
          value={form.OTP}
          onChange={(change) => setForm({ ...form, OTP: change.target.value })}
        >
          {otpOptions.map((value) => (
            <option key={value} value={value}>
              {value === '0'
                ? t('settings.app.otpOn')
                : value === '1'
                  ? t('settings.app.otpOff')
                  : value}
            </option>
          ))}
        </select>
      </Field>
      <p className="muted">{t('settings.app.otpHelp')}</p>
      <Field label={t('settings.app.fields.IS_EMAIL')}>
        <select
          value={form.IS_EMAIL}
          onChange={(change) => setForm({ ...form, IS_EMAIL: change.target.value })}
        >
          <option value="1">{t('settings.app.emailShown')}</option>
          <option value="0">{t('settings.app.emailHidden')}</option>
        </select>
      </Field>
    </fieldset>
  );
}

/** The social links and the grievance officer (SPEC 3's contact details). */
export function ContactFieldsets(props: FieldsetProps) {
  const { t } = useTranslation('ops');
  return (
    <>
      <fieldset>
        <legend>{t('settings.app.social')}</legend>
        <TextSetting {...props} field="WHATS_APP_URL" type="url" />
        <TextSetting {...props} field="TELEGRAM" type="url" />
        <TextSetting {...props} field="INSTATGRAM" type="url" />
        <TextSetting {...props} field="FACEBOOK" type="url" />
      </fieldset>
      <fieldset>
        <legend>{t('settings.app.grievance')}</legend>
        <p className="muted">{t('settings.app.grievanceHelp')}</p>
        <TextSetting {...props} field="GRIEVANCE_OFFICER_NAME" />
        <TextSetting {...props} field="GRIEVANCE_OFFICER_EMAIL" type="email" />
        <TextSetting {...props} field="GRIEVANCE_OFFICER_PHONE" type="tel" />
      </fieldset>
    </>
  );
}

export function OrganisationStatusFieldset({ form, setForm }: FieldsetProps) {
  const { t } = useTranslation('ops');
  return (
    <fieldset>
      <legend>{t('settings.app.fields.organisationStatus')}</legend>
      {ORGANISATION_STATUSES.map((status) => (
        <label key={status} className="ops-check">
          <input
            type="radio"
            name="organisationStatus"
            value={status}
            checked={form.organisationStatus === status}
            onChange={() => setForm({ ...form, organisationStatus: status })}
          />
          <span>
            <strong>{t(`status.${status}`)}</strong> — {t(`settings.app.statusHelp.${status}`)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The referral programme's terms (docs/referral.md); a reward of 0 pays nothing. */
export function ReferralFieldset({ form, setForm }: FieldsetProps) {
  const { t } = useTranslation('ops');
  return (
    <fieldset>
      <legend>{t('settings.app.referral')}</legend>
      <p className="muted">{t('settings.app.referralHelp')}</p>
      {POINTS_FIELDS.map((field) => (
        <Field key={field} label={t(`settings.app.fields.${field}`)}>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={form[field]}
            onChange={(change) => setForm({ ...form, [field]: change.target.value })}
          />
        </Field>
      ))}
    </fieldset>
  );
}
