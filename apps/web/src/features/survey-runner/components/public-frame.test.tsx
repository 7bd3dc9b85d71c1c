import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';
import { PublicFrame } from './public-frame';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

async function renderIn(language: string) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('runner');
  render(<PublicFrame>The survey</PublicFrame>);
}

describe('the public frame', () => {
  it('says "Powered by" and invites visitors to create their own surveys, the invitation a link to register', async () => {
    await renderIn('en');
    expect(screen.getByText('The survey')).toBeVisible();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(
      'Want to create surveys like this one? Create your own surveys with Quorum for free',
    );
    const link = screen.getByRole('link', { name: 'Create your own surveys with Quorum for free' });
    expect(link).toHaveAttribute('href', paths.auth.register.getHref());
    expect(footer.textContent).not.toContain('<');
  });

  it('keeps the link inside the sentence in another language', async () => {
    await renderIn('de');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'Möchten Sie solche Umfragen selbst erstellen? Erstellen Sie kostenlos Ihre eigenen Umfragen mit Quorum',
    );
    expect(
      screen.getByRole('link', { name: 'Erstellen Sie kostenlos Ihre eigenen Umfragen mit Quorum' }),
    ).toHaveAttribute('href', paths.auth.register.getHref());
  });
});
