import { describe, expect, it } from 'vitest';
import { render, within } from '@testing-library/react';
import { TEN_POINT_SCALE, ratingOptions, type QuestionOf, type RatingScale } from '@quorum/contract';
import { RatingPreview } from './rating-preview';
import { ratingRunner } from './runner';

function question(scale: RatingScale): QuestionOf<'rating'> {
  return { id: 'q', text: 'Rate us', type: 'rating', options: ratingOptions(scale), ratingScale: scale };
}

/** The labels under a slider, left to right. */
function sliderLabels(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('[data-stop]'), (el) => el.textContent ?? '');
}

function renderBoth(scale: RatingScale) {
  const preview = render(<RatingPreview scale={scale} />).container;
  const runner = render(
    <ratingRunner.Input
      question={question(scale)}
      name="q"
      headingId="q-heading"
      value={undefined}
      onChange={() => {}}
      arrange={(items) => [...items]}
    />,
  ).container;
  return { preview, runner };
}

describe('the editor’s rating preview and the survey show the same labels', () => {
  it('labels the ten-point slider 1 - Very Poor, 5 - Average and 10 - Excellent in both', () => {
    const { preview, runner } = renderBoth(TEN_POINT_SCALE);
    expect(sliderLabels(preview)).toEqual(['1 - Very Poor', '5 - Average', '10 - Excellent']);
    expect(sliderLabels(runner)).toEqual(sliderLabels(preview));
  });

  it('shows a drafted scale’s own labels in both', () => {
    const likelihood = { min: 1, max: 10, labels: { '1': 'Not at all likely', '10': 'Extremely likely' } };
    const { preview, runner } = renderBoth(likelihood);
    expect(sliderLabels(preview)).toEqual(['1 - Not at all likely', '10 - Extremely likely']);
    expect(sliderLabels(runner)).toEqual(sliderLabels(preview));
  });

  it('labels each value of a five-point scale the same way in both', () => {
    const scale = { min: 1, max: 5, labels: { '1': 'Not at all', '3': 'Somewhat', '5': 'Completely' } };
    const { preview, runner } = renderBoth(scale);
    const previewGroup = within(preview).getByRole('group', { name: 'Preview: options' });
    expect(
      within(previewGroup)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['1 - Not at all', '2', '3 - Somewhat', '4', '5 - Completely']);
    expect(
      within(runner)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['1Not at all', '2', '3Somewhat', '4', '5Completely']);
  });
});
