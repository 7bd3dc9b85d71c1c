import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionOf } from '@quorum/contract';
import { changeLanguage } from '@/i18n/i18n';
import { dropdownRunner } from './dropdown/runner';

describe('the runners in another language', () => {
  it('words the dropdown’s type-ahead hint and its "Other" in Spanish, the options as the author wrote them', async () => {
    await changeLanguage('es');
    const question = {
      id: 'f',
      text: 'Fruit',
      type: 'dropdown',
      required: true,
      options: ['Apple', 'Banana'],
      allowOther: true,
    } as QuestionOf<'dropdown'>;
    render(
      <>
        <h2 id="heading">Fruit</h2>
        <dropdownRunner.Input
          question={question}
          name="f"
          headingId="heading"
          value={undefined}
          onChange={() => {}}
          arrange={(items) => [...items]}
        />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Fruit' });
    expect(select).toHaveAccessibleDescription('Escriba las primeras letras de una opción para ir a ella.');
    expect(screen.getByRole('option', { name: 'Apple' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Otro' })).toBeInTheDocument();
  });
});
