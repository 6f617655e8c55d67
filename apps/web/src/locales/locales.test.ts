import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  BANK_DETAIL_TYPES,
  CASHIER_MESSAGES,
  GATEWAY_KINDS,
  KYC_DOCUMENT_TYPES,
  KYC_STATUSES,
  LANGUAGES,
  REQUEST_STATUSES,
  SPM_GAME_KINDS,
  STATEMENT_KINDS,
  WITHDRAW_DESTINATION_TYPES,
  WITHDRAW_STATUSES,
  errorCatalogue,
  errorCodes,
} from '@spm/contract';
import { VALIDATION_MESSAGES } from '@spm/core';
import { routeTable } from '@/app/routes/route-table';
import { RESULT_MARKS } from '@/features/casino/lib/result-legend';

type Tree = { [key: string]: string | Tree };

// Read straight from disk: the app bundles English only and loads the others on demand.
const files = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const locales = Object.fromEntries(
  Object.entries(files).map(([path, tree]) => [/(\w+)\.json$/.exec(path)?.[1] ?? path, tree]),
) as Record<(typeof LANGUAGES)[number], Tree>;

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? { ...flat, [path]: value }
      : { ...flat, ...flatten(value, path) };
  }, {});
}

const flat = Object.fromEntries(LANGUAGES.map((code) => [code, flatten(locales[code])])) as Record<
  (typeof LANGUAGES)[number],
  Record<string, string>
>;
const englishKeys = Object.keys(flat.en).sort();

describe('locale files (SPEC 1)', () => {
  it.each(LANGUAGES)('%s has exactly the English key set', (code) => {
    expect(Object.keys(flat[code]).sort()).toEqual(englishKeys);
  });

  it.each(LANGUAGES)('%s has no empty strings', (code) => {
    expect(Object.entries(flat[code]).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it.each(LANGUAGES.filter((code) => code !== 'en'))(
    '%s is a real translation, not an English copy',
    (code) => {
      const same = englishKeys.filter((key) => flat[code][key] === flat.en[key]);
      // Brand and game names (Jetfair, Aviator, Casino…) may stay as they are.
      expect(same.length / englishKeys.length).toBeLessThan(0.1);
    },
  );

  it.each(LANGUAGES)('%s keeps the interpolation placeholders', (code) => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
    for (const key of englishKeys) {
      expect([key, placeholders(flat[code][key] ?? '')]).toEqual([
        key,
        placeholders(flat.en[key] ?? ''),
      ]);
    }
  });

  it('translates every error code of the contract catalogue', () => {
    for (const code of errorCodes) expect(flat.en).toHaveProperty([`errors.${code}`]);
  });

  it.each(LANGUAGES)('%s names every mark of every game’s results-strip legend', (code) => {
    const keys = [
      'casino.roundHistory.legend',
      'casino.roundHistory.unknownResult',
      ...SPM_GAME_KINDS.flatMap((kind) => RESULT_MARKS[kind].map((mark) => mark.labelKey)),
    ];
    const missing = keys.filter((key) => !flat[code][key]?.trim());
    expect(missing).toEqual([]);
  });

  it('has a title for every route', () => {
    for (const route of routeTable) expect(flat.en).toHaveProperty([route.titleKey]);
  });

  it('has the English error texts of the contract catalogue', () => {
    for (const code of errorCodes) {
      expect([code, flat.en[`errors.${code}`]]).toEqual([code, errorCatalogue[code].message]);
    }
  });
});

/**
 * A screen's own namespace, loaded with its page (locales/<namespace>/<language>.json): the
 * same keys in every language, none empty, real translations with the same placeholders.
 */
function describeScreenNamespace(title: string, files: Record<string, Tree>): void {
  const byLanguage = Object.fromEntries(
    Object.entries(files).map(([path, tree]) => [
      /(\w+)\.json$/.exec(path)?.[1] ?? path,
      flatten(tree),
    ]),
  ) as Record<(typeof LANGUAGES)[number], Record<string, string>>;
  const keys = Object.keys(byLanguage.en).sort();

  describe(title, () => {
    it.each(LANGUAGES)('%s has exactly the English keys, none empty', (code) => {
      expect(Object.keys(byLanguage[code]).sort()).toEqual(keys);
      expect(Object.entries(byLanguage[code]).filter(([, text]) => !text.trim())).toEqual([]);
    });

    it.each(LANGUAGES.filter((code) => code !== 'en'))(
      '%s is a real translation with the same placeholders',
      (code) => {
        const same = keys.filter((key) => byLanguage[code][key] === byLanguage.en[key]);
        expect(same.length / keys.length).toBeLessThan(0.1);
        const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
        for (const key of keys) {
          expect([key, placeholders(byLanguage[code][key] ?? '')]).toEqual([
            key,
            placeholders(byLanguage.en[key] ?? ''),
          ]);
        }
      },
    );
  });
}

// Issue 43 item 5: the crash game's strings, a namespace of their own loaded with its page.
describeScreenNamespace(
  'the crash game namespace (locales/crash)',
  import.meta.glob<Tree>('./crash/*.json', { eager: true, import: 'default' }),
);
// The referral programme (/referral, docs/referral.md).
describeScreenNamespace(
  'the referral namespace (locales/referral)',
  import.meta.glob<Tree>('./referral/*.json', { eager: true, import: 'default' }),
);
// Bonuses (/promotionoffers, /bonus, /bonus/:bonusId; docs/bonus.md).
describeScreenNamespace(
  'the bonus namespace (locales/bonus)',
  import.meta.glob<Tree>('./bonus/*.json', { eager: true, import: 'default' }),
);
// The sportsbook (/sportsbook2, /betby; docs/sportsbook.md).
describeScreenNamespace(
  'the sportsbook namespace (locales/sportsbook)',
  import.meta.glob<Tree>('./sportsbook/*.json', { eager: true, import: 'default' }),
);

describe('the spec texts in English (SPEC 2.5, 5, 8)', () => {
  it('has every SPEC 5 validation message word for word', () => {
    for (const [name, message] of Object.entries(VALIDATION_MESSAGES)) {
      expect([name, flat.en[`validation.${name}`]]).toEqual([name, message]);
    }
  });

  it('has the SPEC 8 toasts word for word', () => {
    const toasts: Record<string, string> = {
      loginSuccess: AUTH_MESSAGES.loginSuccess,
      registrationSuccess: AUTH_MESSAGES.registrationSuccess,
      otpSent: AUTH_MESSAGES.otpSent,
      phoneRegistered: AUTH_MESSAGES.phoneRegistered,
      otpVerified: AUTH_MESSAGES.otpVerified,
      passwordResetSuccess: AUTH_MESSAGES.passwordResetSuccess,
      requestCreated: AUTH_MESSAGES.requestCreated,
      sessionError: 'session error',
    };
    for (const [name, text] of Object.entries(toasts)) {
      expect([name, flat.en[`toasts.${name}`]]).toEqual([name, text]);
    }
  });

  it('has the SPEC 2.5 labels word for word', () => {
    expect(flat.en['auth.loading']).toBe('Loading..');
    expect(flat.en['auth.submitting']).toBe('SUBMITTING');
    expect(flat.en['auth.verifyButton']).toBe('VERIFY');
    expect(flat.en['auth.forgotLink']).toBe('Forgot Username/Password?');
    expect(flat.en['auth.demoText']).toBe('Need Demo? Just Click the button below.');
    expect(flat.en['modals.mobileNumber']).toBe('Welcome!');
    expect(flat.en['modals.verifyNumber']).toBe('Verify!');
  });
});

describe('the cashier texts (issue 6)', () => {
  it('has the contract form messages word for word in English', () => {
    for (const [name, message] of Object.entries(CASHIER_MESSAGES)) {
      expect([name, flat.en[`cashier.messages.${name}`]]).toEqual([name, message]);
    }
  });

  it('names every status, gateway kind, destination and document type', () => {
    const statuses = new Set([...REQUEST_STATUSES, ...WITHDRAW_STATUSES, ...KYC_STATUSES]);
    const keys = [
      ...[...statuses].map((status) => `cashier.status.${status}`),
      ...GATEWAY_KINDS.map((kind) => `cashier.gatewayKinds.${kind}`),
      ...[...BANK_DETAIL_TYPES, ...WITHDRAW_DESTINATION_TYPES].map(
        (type) => `cashier.destinationTypes.${type}`,
      ),
      ...KYC_DOCUMENT_TYPES.map((type) => `cashier.kyc.docTypes.${type.name}`),
      ...KYC_DOCUMENT_TYPES.filter((type) => type.docIdRequired).flatMap((type) => [
        `cashier.kyc.docIdLabel.${type.name}`,
        `cashier.kyc.docIdHint.${type.name}`,
      ]),
      ...KYC_STATUSES.map((status) => `cashier.kyc.statusText.${status}`),
    ];
    for (const key of keys) expect(flat.en).toHaveProperty([key]);
  });
});

describe('the statement kinds (issue 41 item 10)', () => {
  it.each(LANGUAGES)('%s names every statement kind of the contract, and no other', (code) => {
    const kinds = Object.keys(flat[code])
      .filter((key) => key.startsWith('statement.kinds.'))
      .map((key) => key.slice('statement.kinds.'.length))
      .sort();
    expect(kinds).toEqual([...STATEMENT_KINDS].sort());
  });

  it.each(LANGUAGES.filter((code) => code !== 'en'))(
    '%s translates each kind apart from English and from the other kinds',
    (code) => {
      const texts = STATEMENT_KINDS.map((kind) => flat[code][`statement.kinds.${kind}`]);
      const english = STATEMENT_KINDS.map((kind) => flat.en[`statement.kinds.${kind}`]);
      expect(texts.filter((text, index) => text === english[index])).toEqual([]);
      // A casino stake and an exchange settlement must not read alike.
      expect(new Set(texts).size).toBe(STATEMENT_KINDS.length);
    },
  );
});

// Issue 44 item 3: the installation steps (/pwa-instructions), a namespace loaded with the page.
const pwaFiles = import.meta.glob<Tree>('./pwa/*.json', { eager: true, import: 'default' });
const pwaFlat = Object.fromEntries(
  Object.entries(pwaFiles).map(([path, tree]) => [
    /(\w+)\.json$/.exec(path)?.[1] ?? path,
    flatten(tree),
  ]),
) as Record<(typeof LANGUAGES)[number], Record<string, string>>;
const pwaKeys = Object.keys(pwaFlat.en).sort();

describe('the installation steps namespace (locales/pwa)', () => {
  it.each(LANGUAGES)('%s has exactly the English keys, none empty', (code) => {
    expect(Object.keys(pwaFlat[code]).sort()).toEqual(pwaKeys);
    expect(Object.entries(pwaFlat[code]).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it.each(LANGUAGES.filter((code) => code !== 'en'))('%s is a real translation', (code) => {
    const same = pwaKeys.filter((key) => pwaFlat[code][key] === pwaFlat.en[key]);
    expect(same).toEqual([]);
  });
});
