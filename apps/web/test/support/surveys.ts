import { DEFAULT_SURVEY_SETTINGS, type PublicSurvey, type Survey } from '@quorum/contract';

/** A stored survey as the API answers it: a hand-made draft without questions, with any fields replaced. */
export function makeSurvey(overrides: Partial<Survey> = {}): Survey {
  return {
    surveyId: 's1',
    projectId: 'p',
    userId: 'u',
    title: 'T',
    projectName: 'P',
    brandingImageUrl: null,
    state: 'draft',
    generator: 'manual',
    responseCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    questions: [],
    workspaceId: 'u',
    createdBy: null,
    updatedBy: null,
    version: 1,
    role: 'owner',
    ...DEFAULT_SURVEY_SETTINGS,
    hiddenFields: [],
    defaultLanguage: 'en',
    translations: {},
    ...overrides,
  };
}

/** A survey as its public page gets it: one text question and no settings, with any fields replaced. */
export function makePublicSurvey(overrides: Partial<PublicSurvey> = {}): PublicSurvey {
  return {
    surveyId: 's1',
    projectId: 'p',
    title: 'Survey',
    brandingImageUrl: null,
    questions: [{ id: 'q', text: 'Your favourite dish?', type: 'text', options: [] }],
    opensAt: null,
    closesAt: null,
    oneResponsePerBrowser: false,
    hiddenFields: [],
    welcome: null,
    thankYou: null,
    language: 'en',
    languages: ['en'],
    ...overrides,
  };
}
