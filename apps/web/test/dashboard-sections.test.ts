import { describe, expect, it } from 'vitest';
import { DEFAULT_SURVEY_SETTINGS, type SurveyState, type SurveySummary } from '@quorum/contract';
import { groupSurveys, isAtActiveLimit, stateActions } from '@/features/dashboard/lib/survey-sections';

let n = 0;
const summary = (state: SurveyState): SurveySummary => {
  n += 1;
  return {
    surveyId: `s${n}`,
    projectId: 'p',
    userId: 'u',
    workspaceId: 'u',
    createdBy: null,
    updatedBy: null,
    version: 1,
    role: 'owner',
    title: `Survey ${n}`,
    projectName: 'P',
    brandingImageUrl: null,
    state,
    generator: 'manual',
    responseCount: 0,
    questionCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...DEFAULT_SURVEY_SETTINGS,
    defaultLanguage: 'en',
    hiddenFields: [],
  };
};

describe('dashboard sections', () => {
  it('groups by state into Active, Draft, Paused and Other, leaving deleted surveys out', () => {
    const surveys = [summary('draft'), summary('active'), summary('closed'), summary('deleted'), summary('paused')];
    const sections = groupSurveys(surveys);
    expect(sections.map((s) => [s.label, s.surveys.map((x) => x.state)])).toEqual([
      ['Active', ['active']],
      ['Draft', ['draft']],
      ['Paused', ['paused']],
      ['Other', ['closed']],
    ]);
  });

  it('hides Other when it is empty but keeps the three main sections, even empty', () => {
    expect(groupSurveys([summary('deleted')]).map((s) => [s.label, s.surveys.length])).toEqual([
      ['Active', 0],
      ['Draft', 0],
      ['Paused', 0],
    ]);
  });

  it('keeps the server order inside a section', () => {
    const [a, b] = [summary('draft'), summary('draft')];
    expect(groupSurveys([b, a])[1]!.surveys).toEqual([b, a]);
  });

  it('holds the active surveys (counted by the server) against the limit of 2', () => {
    expect(isAtActiveLimit(1)).toBe(false);
    expect(isAtActiveLimit(2)).toBe(true);
  });
});

describe('actions per state (the state changes an owner may make)', () => {
  const labels = (state: SurveyState) => stateActions(state).map((a) => `${a.label}->${a.target}`);

  it('offers exactly the owner transitions', () => {
    expect(labels('draft')).toEqual(['Launch->active', 'Delete->deleted']);
    expect(labels('active')).toEqual(['Pause->paused', 'Close->closed']);
    expect(labels('paused')).toEqual(['Resume->active', 'Close->closed']);
    expect(labels('closed')).toEqual(['Delete->deleted']);
    expect(labels('deleted')).toEqual([]);
  });

  it('marks Launch and Resume as counting against the active limit', () => {
    expect(
      stateActions('draft')
        .filter((a) => a.activates)
        .map((a) => a.label),
    ).toEqual(['Launch']);
    expect(
      stateActions('paused')
        .filter((a) => a.activates)
        .map((a) => a.label),
    ).toEqual(['Resume']);
    expect(stateActions('active').some((a) => a.activates)).toBe(false);
  });
});
