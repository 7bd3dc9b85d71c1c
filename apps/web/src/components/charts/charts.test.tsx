import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { Funnel } from '@quorum/contract';
import { FunnelChart, dropOffShare } from './funnel-chart';
import { describeTimeline, fillTimeline, TimelineChart } from './timeline-chart';

const funnel: Funnel = {
  views: 200,
  starts: 120,
  completions: 90,
  completionRate: 45,
  medianCompletionSeconds: 135,
  dropOff: [
    { questionId: 'q1', reached: 120, answered: 110 },
    { questionId: 'q2', reached: 110, answered: 90 },
    { questionId: 'gone', reached: 5, answered: 5 },
  ],
};

describe('TimelineChart', () => {
  it('draws the days and says them as text: a summary and a table per day', async () => {
    const timeline = [
      { date: '2026-03-01', count: 2 },
      { date: '2026-03-04', count: 5 },
    ];
    const { container } = render(<TimelineChart timeline={timeline} timeZone="Europe/Paris" />);
    const figure = screen.getByRole('figure', { name: 'Responses over time' });
    expect(figure).toHaveTextContent(/7 responses from .*Mar.* to .*Mar.*; the busiest day was .* with 5 responses\./);
    expect(figure).toHaveTextContent('Days in Europe/Paris.');
    const table = within(figure).getByRole('table', { name: 'Responses over time, per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '5']);
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('fills the days without responses with zeros between the first and the last', () => {
    expect(
      fillTimeline([
        { date: '2026-02-27', count: 1 },
        { date: '2026-03-02', count: 3 },
      ]),
    ).toEqual([
      { date: '2026-02-27', count: 1 },
      { date: '2026-02-28', count: 0 },
      { date: '2026-03-01', count: 0 },
      { date: '2026-03-02', count: 3 },
    ]);
  });

  it('says when there is nothing to draw', () => {
    expect(describeTimeline([])).toBe('No responses in this period.');
    render(<TimelineChart timeline={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('FunnelChart', () => {
  it('says when no visit was recorded yet', () => {
    render(
      <FunnelChart
        funnel={{ views: 0, starts: 0, completions: 0, completionRate: 0, medianCompletionSeconds: null, dropOff: [] }}
        questions={[]}
      />,
    );
    expect(screen.getByText(/No visits recorded yet/)).toBeVisible();
  });

  it('shows views, starts and completions, the rate and the median time, as bars and text', async () => {
    const { container } = render(
      <FunnelChart
        funnel={funnel}
        questions={[
          { id: 'q1', label: 'Q1: Colour?' },
          { id: 'q2', label: 'Q2: Why?' },
        ]}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Funnel' });
    expect(figure).toHaveTextContent('Completion rate 45% · median time to complete 2 min 15 s');
    const stages = within(figure).getByRole('list', { name: 'Funnel stages' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Views, opened the survey page:200',
      'Starts, went on from the first question:120 · 60%',
      'Completions, submitted a response:90 · 45%',
    ]);
    const dropOff = within(figure).getByRole('table', { name: 'Drop-off by question' });
    const rows = within(dropOff).getAllByRole('row').slice(1);
    // Questions no longer in the survey are left out.
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['120', '110', '8.3%'],
      ['110', '90', '18.2%'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Q1: Colour?');
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('says when nobody completed yet, and the share dropped is of those who reached the question', () => {
    render(<FunnelChart funnel={{ ...funnel, medianCompletionSeconds: null, dropOff: [] }} questions={[]} />);
    expect(screen.getByRole('figure', { name: 'Funnel' })).toHaveTextContent('no completion time yet');
    expect(screen.queryByText(/No visits recorded yet/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(dropOffShare(0, 0)).toBe(0);
    expect(dropOffShare(10, 4)).toBe(60);
  });
});
