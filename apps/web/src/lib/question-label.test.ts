import { describe, expect, it } from 'vitest';
import { questionLabel as csvLabel } from '@quorum/contract';
import { changeLanguage } from '@/i18n/i18n';
import { describeCondition } from '@/features/results/lib/results-filter';
import { questionLabel } from './question-label';

describe('a question’s label on the screen', () => {
  it('is the CSV’s label in English', () => {
    expect(questionLabel(2, 'Favourite colour')).toBe(csvLabel(2, 'Favourite colour'));
    expect(questionLabel(3, 'Gone', true)).toBe(csvLabel(3, 'Gone', true));
  });

  it('follows the interface’s language, in the filter’s words too', async () => {
    await changeLanguage('de');
    expect(questionLabel(2, 'Lieblingsfarbe')).toBe('F2: Lieblingsfarbe');
    expect(questionLabel(3, 'Weg', true)).toBe('F3: Weg (gelöscht)');
    const questions = [{ id: 'q1', text: 'Lieblingsfarbe', isDeleted: false, type: 'text' as const }];
    expect(describeCondition({ questionId: 'q1', operator: 'answered' }, questions)).toContain('F1: Lieblingsfarbe');
  });
});
