import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_NAMES } from '@spm/contract';
import { LANGUAGE_STORAGE_KEY } from '@/shared/i18n/i18n';
import { mockApi } from '@/test/mock-api';
import { renderApp, resetStores } from '@/test/render-app';

describe('language switch (SPEC 1)', () => {
  beforeEach(() => {
    resetStores();
    mockApi();
  });

  it('lists the eight languages by their own names', async () => {
    renderApp('/');
    const select = await screen.findByTestId('language-select');
    const options = [...select.querySelectorAll('option')];
    expect(options.map((option) => option.value)).toEqual([...LANGUAGES]);
    expect(options.map((option) => option.textContent)).toEqual(
      LANGUAGES.map((code) => LANGUAGE_NAMES[code]),
    );
    expect(select).toHaveValue('en');
  });

  it('changes visible text to Hindi, sets <html lang> and remembers the choice', async () => {
    renderApp('/');
    expect(await screen.findByTestId('open-login')).toHaveTextContent('Sign in');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByTestId('language-select'), 'hi');

    await waitFor(() => expect(screen.getByTestId('open-login')).toHaveTextContent('साइन इन'));
    expect(screen.getByTestId('open-register')).toHaveTextContent('रजिस्टर करें');
    expect(screen.getByRole('link', { name: 'गोपनीयता नीति' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });

  it('translates dialog headings too', async () => {
    renderApp('/');
    await userEvent.selectOptions(await screen.findByTestId('language-select'), 'ta');
    // Tamil is fetched when chosen, and the dialog is a lazy chunk: wait for each.
    await waitFor(() => expect(document.documentElement.lang).toBe('ta'));
    await userEvent.click(screen.getByTestId('open-register'));
    expect(await screen.findByRole('dialog')).toHaveAttribute('data-modal', 'register');
    expect(await screen.findByRole('heading', { name: 'பதிவு' })).toBeInTheDocument();
  });
});
