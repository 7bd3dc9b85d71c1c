import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { i18n } from '@/i18n/i18n';
import { LANGUAGE_STORAGE_KEY } from '@/i18n/languages';
import { LanguageMenu } from './language-menu';

describe('LanguageMenu', () => {
  it('switches the interface, remembers the choice and sets <html lang dir>', async () => {
    const user = userEvent.setup();
    render(<LanguageMenu />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(document.documentElement).toHaveAttribute('lang', 'en');

    await user.selectOptions(select, 'de');
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(formatCount(1234567)).toBe('1.234.567');

    await user.selectOptions(select, 'ar');
    expect(await screen.findByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it("shows a server error in the user's language by its code, and the server's English in English", async () => {
    const body = { message: 'Too many requests. Please try again later.', code: 'RATE_LIMITED', params: {} };
    expect(new ApiError(429, body.message, body.code, body).message).toBe(body.message);
    await i18n.changeLanguage('es');
    const spanish = new ApiError(429, body.message, body.code, body).message;
    expect(spanish).toBe(i18n.t('contract:errors.RATE_LIMITED'));
    expect(spanish).not.toBe(body.message);
    // An unknown code keeps the server's words.
    expect(new ApiError(400, 'Something new', 'NOT_A_CODE', {}).message).toBe('Something new');
  });
});
