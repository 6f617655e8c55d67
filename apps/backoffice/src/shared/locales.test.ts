import { describe, expect, it } from 'vitest';
import { LANGUAGES, STATEMENT_KINDS, errorCodes } from '@spm/contract';

// Read straight from disk (not through i18n.ts) so the test sees exactly what exists.
const translation = import.meta.glob<object>('../locales/*.json', {
  eager: true,
  import: 'default',
});
const ops = import.meta.glob<object>('../locales/ops/*.json', { eager: true, import: 'default' });
// The bonus screens' namespace, loaded with them (i18n.ts lazyEnglish).
const bonus = import.meta.glob<object>('../locales/bonus/*.json', {
  eager: true,
  import: 'default',
});

// A player's sportsbook bets, loaded with their Bets tab (i18n.ts lazyEnglish).
const sportsbook = import.meta.glob<object>('../locales/sportsbook/*.json', {
  eager: true,
  import: 'default',
});

function byLanguage(files: Record<string, object>): Map<string, object> {
  return new Map(
    Object.entries(files).map(([path, text]) => [
      /([a-z]{2})\.json$/.exec(path)?.[1] ?? path,
      text,
    ]),
  );
}

function flatten(value: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'object' && inner !== null) {
      for (const [nested, text] of flatten(inner as object, `${prefix}${key}.`))
        out.set(nested, text);
    } else {
      out.set(`${prefix}${key}`, String(inner));
    }
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

function checkParity(namespace: string, files: Map<string, object>) {
  const reference = files.get('en') ?? [...files.values()][0];
  if (!reference) return;
  const english = flatten(reference);
  for (const [language, text] of files) {
    const keys = flatten(text);
    expect([...keys.keys()].sort(), `${namespace}/${language} keys`).toEqual(
      [...english.keys()].sort(),
    );
    for (const [key, value] of keys) {
      expect(value.trim(), `${namespace}/${language} ${key} is empty`).not.toBe('');
      expect(placeholders(value), `${namespace}/${language} ${key} placeholders`).toEqual(
        placeholders(english.get(key) ?? ''),
      );
    }
  }
}

describe('locale files', () => {
  it('has all eight languages for the shell, on the same keys and placeholders', () => {
    const files = byLanguage(translation);
    expect([...files.keys()].sort()).toEqual([...LANGUAGES].sort());
    checkParity('translation', files);
  });

  it('keeps the ops namespace files that exist on the same keys and placeholders', () => {
    const files = byLanguage(ops);
    for (const language of files.keys()) expect(LANGUAGES).toContain(language);
    checkParity('ops', files);
  });

  it('has all eight languages for the bonus screens, on the same keys and placeholders', () => {
    const files = byLanguage(bonus);
    expect([...files.keys()].sort()).toEqual([...LANGUAGES].sort());
    checkParity('bonus', files);
  });

  it('has all eight languages for the sportsbook bets, on the same keys and placeholders', () => {
    const files = byLanguage(sportsbook);
    expect([...files.keys()].sort()).toEqual([...LANGUAGES].sort());
    checkParity('sportsbook', files);
  });

  it('translates only error codes the catalogue knows (plus the client-side ones)', () => {
    const english = flatten(byLanguage(translation).get('en') ?? {});
    const known = new Set<string>([
      ...errorCodes,
      'unknown',
      'NETWORK',
      'HTTP_ERROR',
      'INVALID_RESPONSE',
    ]);
    const codes = [...english.keys()]
      .filter((key) => key.startsWith('errors.'))
      .map((key) => key.slice('errors.'.length));
    expect(codes.filter((code) => !known.has(code))).toEqual([]);
    // The sign-in and staff codes of this issue must be translated.
    for (const code of [
      'TOTP_INVALID',
      'CHALLENGE_EXPIRED',
      'STAFF_DISABLED',
      'AGENT_CODE_TAKEN',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it('names every statement kind of the contract in all eight languages, and no other', () => {
    for (const [language, text] of byLanguage(translation)) {
      const kinds = [...flatten(text).keys()]
        .filter((key) => key.startsWith('ledger.kinds.'))
        .map((key) => key.slice('ledger.kinds.'.length))
        .sort();
      expect(kinds, language).toEqual([...STATEMENT_KINDS].sort());
    }
  });
});
