import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/i18n/i18n';
import { renderEditorAt } from './support/render-editor';
import { makeSurvey } from './support/surveys';

describe('the survey editor in other languages', () => {
  it('speaks German: headings, fields, question types and the contract’s checks on submit', async () => {
    await i18n.changeLanguage('de');
    const { user } = renderEditorAt(paths.user.createSurvey.getHref());
    expect(screen.getByRole('heading', { level: 1, name: 'Neue Umfrage erstellen' })).toBeInTheDocument();
    const type = screen.getByRole('combobox', { name: 'Fragetyp' });
    expect(within(type).getByRole('option', { name: 'Einfachauswahl' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Option 1/ })).toBeRequired();
    expect(screen.getByRole('button', { name: 'Option hinzufügen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Sprunglogik/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Umfrage erstellen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Der Projektname ist erforderlich');
    expect(screen.getByRole('textbox', { name: /Projektname/ })).toHaveFocus();
  });

  it('reads right to left in Arabic and words a live survey’s responses in the dual', async () => {
    await i18n.changeLanguage('ar');
    const survey = makeSurvey({
      surveyId: 'live-1',
      state: 'active',
      responseCount: 2,
      questions: [{ id: 'q1', text: 'Tea?', type: 'multiple_choice', options: ['Yes', 'No'] }],
    });
    renderEditorAt({ pathname: '/surveys/live-1/edit', state: { survey } });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'تعديل الاستبيان' })).toBeInTheDocument();
    expect(screen.getByText(/هذا الاستبيان منشور ولديه ردّان\./)).toBeInTheDocument();
  });
});
