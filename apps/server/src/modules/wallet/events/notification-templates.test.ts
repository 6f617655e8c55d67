import { LANGUAGES, TRANSLATED_LANGUAGES } from '@spm/contract';
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_TEXTS,
  placeholdersOf,
  templatedNotification,
  type NotificationTemplateKey,
} from './notification-templates.ts';

const KEYS = Object.keys(NOTIFICATION_TEXTS.en) as NotificationTemplateKey[];
const sorted = (names: string[]) => [...names].sort();

describe('the platform’s own notification texts', () => {
  it.each(TRANSLATED_LANGUAGES)(
    '%s has every template with the English placeholders',
    (language) => {
      expect(sorted(Object.keys(NOTIFICATION_TEXTS[language]))).toEqual(sorted(KEYS));
      for (const key of KEYS) {
        for (const part of ['title', 'message'] as const) {
          const english = NOTIFICATION_TEXTS.en[key][part];
          const translated = NOTIFICATION_TEXTS[language][key][part];
          expect(sorted(placeholdersOf(translated)), `${language} ${key}.${part}`).toEqual(
            sorted(placeholdersOf(english)),
          );
          // A text that is more than its placeholders is translated, not the English copied.
          if (english.replace(/\{\w+\}/g, '').trim() !== '') {
            expect(translated, `${language} ${key}.${part}`).not.toBe(english);
          }
        }
      }
    },
  );

  it('fills the values in every language, with a translated name in its own language', () => {
    const note = templatedNotification(
      'marketWon',
      { market: { english: 'Match Odds', translations: { hi: 'मैच ऑड्स' } }, amount: '190.00' },
      'success',
    );
    expect(note).toMatchObject({
      title: 'Market settled',
      message: 'Match Odds: won 190.00 points',
      status: 'success',
    });
    expect(note.translations?.hi).toEqual({
      title: 'मार्केट सेटल हुआ',
      message: 'मैच ऑड्स: 190.00 अंक जीते',
    });
    // No Tamil name: the English one inside the Tamil text.
    expect(note.translations?.ta?.message).toBe('Match Odds: 190.00 புள்ளிகள் வென்றீர்கள்');
    expect(Object.keys(note.translations ?? {}).sort()).toEqual([...TRANSLATED_LANGUAGES].sort());
    for (const language of LANGUAGES) {
      const text = language === 'en' ? note : note.translations?.[language];
      expect(`${text?.title} ${text?.message}`).not.toMatch(/\{\w+\}/);
    }
  });

  it('refuses a template whose value is missing rather than showing a hole', () => {
    expect(() => templatedNotification('depositApproved', {}, 'success')).toThrow(/\{amount\}/);
  });
});
