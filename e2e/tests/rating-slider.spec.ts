import { expect, test, type Page } from '@playwright/test';
import { TEN_POINT_SCALE } from '@quorum/contract';
import { loginViaApi, registerAndVerify } from '../support/accounts';
import { paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi } from '../support/surveys';

// The ten-point slider's labels sit at their values: each tick is where its value is, the first and last
// labels hold the end ticks inside them without leaving the track, the middle one is centred on its tick.

interface Box {
  value: number;
  left: number;
  right: number;
  center: number;
}

const boxesOf = (page: Page, selector: string, key: 'tick' | 'stop') =>
  page.locator(selector).evaluateAll(
    (els, k) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return {
          value: Number((el as HTMLElement).dataset[k]),
          left: r.left,
          right: r.right,
          center: r.left + r.width / 2,
        };
      }),
    key,
  ) as Promise<Box[]>;

for (const width of [360, 1280]) {
  test(`the ten-point slider's labels line up with their values at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    const { token } = await loginViaApi(request, await registerAndVerify(request));
    const survey = await createSurveyViaApi(request, token, {
      projectName: 'Slider check',
      title: 'Slider check',
      questions: [{ text: 'How likely are you to come back?', type: 'rating', ratingScale: TEN_POINT_SCALE }],
    });
    await setSurveyStateViaApi(request, token, survey.surveyId, 'active');
    await page.goto(paths.publicSurvey.survey.getHref(survey));

    const slider = page.getByRole('slider', { name: 'How likely are you to come back?' });
    await expect(slider).toBeVisible();
    const track = (await slider.boundingBox())!;
    const ticks = await boxesOf(page, '[data-tick]', 'tick');
    expect(ticks.map((t) => t.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const spacing = (ticks[9]!.center - ticks[0]!.center) / 9;

    // A click a third of a step either side of a tick picks that tick's value.
    for (const tick of ticks) {
      for (const dx of [-spacing / 3, spacing / 3]) {
        const x = Math.min(track.x + track.width - 1, Math.max(track.x + 1, tick.center + dx));
        await page.mouse.click(x, track.y + track.height / 2);
        await expect(slider, `a click ${dx.toFixed(1)} px from tick ${tick.value}`).toHaveValue(String(tick.value));
      }
    }

    const labels = await boxesOf(page, '[data-stop]', 'stop');
    expect(labels.map((l) => l.value)).toEqual([1, 5, 10]);
    const [first, middle, last] = labels as [Box, Box, Box];
    const tickAt = (value: number) => ticks.find((t) => t.value === value)!.center;
    expect(first.left).toBeGreaterThanOrEqual(track.x - 0.5);
    expect(first.left).toBeLessThanOrEqual(tickAt(1));
    expect(first.right).toBeGreaterThanOrEqual(tickAt(1));
    expect(Math.abs(middle.center - tickAt(5))).toBeLessThanOrEqual(1);
    expect(last.right).toBeLessThanOrEqual(track.x + track.width + 0.5);
    expect(last.right).toBeGreaterThanOrEqual(tickAt(10));
    expect(last.left).toBeLessThanOrEqual(tickAt(10));
    expect(first.right).toBeLessThan(middle.left);
    expect(middle.right).toBeLessThan(last.left);

    await page.screenshot({ path: test.info().outputPath(`rating-slider-${width}.png`) });
  });
}
