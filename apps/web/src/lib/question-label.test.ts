import { describe, expect, it } from 'vitest';
import { questionLabel as csvLabel } from '@quorum/contract';
import { changeLanguage } from '@/i18n/i18n';
import { questionLabel } from './question-label';

describe('a question’s label on the screen', () => {
  it('is the CSV’s label in English', () => {
    expect(questionLabel(2, 'Favourite colour')).toBe(csvLabel(2, 'Favourite colour'));
    expect(questionLabel(3, 'Gone', true)).toBe(csvLabel(3, 'Gone', true));
  });

  it('follows the interface’s language', async () => {
    await changeLanguage('de');
    expect(questionLabel(2, 'Lieblingsfarbe')).toBe('F2: Lieblingsfarbe');
    expect(questionLabel(3, 'Weg', true)).toBe('F3: Weg (gelöscht)');
  });
});
