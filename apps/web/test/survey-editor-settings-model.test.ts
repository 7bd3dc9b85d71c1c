import { afterAll, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, surveyInputSchema } from '@quorum/contract';
import {
  draftFromSurvey,
  emptyDraft,
  fieldRefFor,
  hiddenFieldsLinkPattern,
  isoFromLocalInput,
  localInputFromIso,
  previewSurveyOf,
  timeZoneNote,
  toSurveyInput,
  utcOffsetLabel,
  validateDraft,
  type SurveyDraft,
} from '@/features/survey-editor/lib/editor-model';
import { makeSurvey } from './support/surveys';

// The browser's time zone for these tests: one with summer time, so both offsets are checked.
const previousZone = process.env.TZ;
process.env.TZ = 'Europe/Amsterdam';
afterAll(() => {
  process.env.TZ = previousZone;
});

const question = { id: 'q1', text: 'How was it?', type: 'multiple_choice' as const, options: ['Good', 'Bad'] };
const withSettings = makeSurvey({
  title: 'Launch feedback',
  projectName: 'Launch',
  questions: [question],
  opensAt: '2026-12-01T08:00:00.000Z',
  closesAt: '2027-07-01T16:30:00.000Z',
  responseLimit: 250,
  oneResponsePerBrowser: true,
  hiddenFields: ['source', 'campaign'],
  welcome: { title: 'Hello', text: 'Two minutes, promise.', buttonLabel: 'Begin' },
  thankYou: { title: 'Cheers', text: null, redirectUrl: 'https://example.com/done' },
});

const validDraft = (over: Partial<SurveyDraft> = {}): SurveyDraft => ({
  ...draftFromSurvey(makeSurvey({ title: 'T', projectName: 'P', questions: [question] })),
  ...over,
});

describe('times: the form shows local time, the survey stores UTC', () => {
  it('converts a local winter and summer time to UTC and back', () => {
    expect(isoFromLocalInput('2026-12-01T09:00')).toBe('2026-12-01T08:00:00.000Z');
    expect(isoFromLocalInput('2027-07-01T18:30')).toBe('2027-07-01T16:30:00.000Z');
    expect(localInputFromIso('2026-12-01T08:00:00.000Z')).toBe('2026-12-01T09:00');
    expect(localInputFromIso('2027-07-01T16:30:00.000Z')).toBe('2027-07-01T18:30');
  });

  it('reads blank as none and sends what it cannot read as typed, for the contract to refuse', () => {
    expect(isoFromLocalInput('  ')).toBeNull();
    expect(localInputFromIso(null)).toBe('');
    expect(isoFromLocalInput('tomorrow')).toBe('tomorrow');
    expect(validateDraft(validDraft({ opensAt: 'tomorrow' }))).toMatchObject({
      ok: false,
      message: SETTINGS_MESSAGES.invalidDateTime,
      at: { field: 'setting', name: 'opensAt' },
    });
  });

  it('names the time zone and its offset at that moment', () => {
    expect(timeZoneNote(new Date('2026-12-01T00:00:00Z'))).toBe('Times are in Europe/Amsterdam (UTC+1)');
    expect(timeZoneNote(new Date('2027-07-01T00:00:00Z'))).toBe('Times are in Europe/Amsterdam (UTC+2)');
    process.env.TZ = 'Asia/Kolkata';
    expect(utcOffsetLabel(new Date('2026-12-01T00:00:00Z'))).toBe('UTC+5:30');
    process.env.TZ = 'UTC';
    expect(utcOffsetLabel(new Date('2026-12-01T00:00:00Z'))).toBe('UTC');
    process.env.TZ = 'Europe/Amsterdam';
  });
});

describe('every setting round-trips through the editor', () => {
  it('loads each setting into the form and sends it back as stored', () => {
    const draft = draftFromSurvey(withSettings);
    expect(draft).toMatchObject({
      opensAt: '2026-12-01T09:00',
      closesAt: '2027-07-01T18:30',
      responseLimit: '250',
      oneResponsePerBrowser: true,
      hiddenFields: ['source', 'campaign'],
      welcome: { enabled: true, title: 'Hello', text: 'Two minutes, promise.', buttonLabel: 'Begin' },
      thankYou: { title: 'Cheers', text: '', redirectUrl: 'https://example.com/done' },
    });
    const sent = surveyInputSchema.parse(toSurveyInput(draft));
    expect(sent).toMatchObject({
      opensAt: withSettings.opensAt,
      closesAt: withSettings.closesAt,
      responseLimit: withSettings.responseLimit,
      oneResponsePerBrowser: true,
      hiddenFields: withSettings.hiddenFields,
      welcome: withSettings.welcome,
      thankYou: withSettings.thankYou,
    });
  });

  it('sends a survey without settings as the survey without settings', () => {
    const sent = surveyInputSchema.parse(toSurveyInput(validDraft()));
    expect(sent).toMatchObject({
      opensAt: null,
      closesAt: null,
      responseLimit: null,
      oneResponsePerBrowser: false,
      hiddenFields: [],
      welcome: null,
      thankYou: null,
    });
  });

  it('sends no welcome screen while it is switched off, whatever its fields hold', () => {
    const draft = validDraft({ welcome: { enabled: false, title: 'Kept for later', text: '', buttonLabel: '' } });
    expect(toSurveyInput(draft).welcome).toBeNull();
  });
});

describe('a setting at fault is named', () => {
  it.each<[Partial<SurveyDraft>, string, string]>([
    [{ opensAt: '2026-12-02T09:00', closesAt: '2026-12-01T09:00' }, SETTINGS_MESSAGES.closesBeforeOpens, 'closesAt'],
    [{ responseLimit: '0' }, SETTINGS_MESSAGES.responseLimit, 'responseLimit'],
    [{ responseLimit: '2.5' }, SETTINGS_MESSAGES.responseLimit, 'responseLimit'],
    [{ hiddenFields: ['source', 'has space'] }, SETTINGS_MESSAGES.hiddenFieldKey, 'hiddenFields.1'],
    [{ hiddenFields: ['source', 'source'] }, SETTINGS_MESSAGES.hiddenFieldsDifferent, 'hiddenFields'],
    [
      { welcome: { enabled: true, title: ' ', text: '', buttonLabel: '' } },
      SETTINGS_MESSAGES.welcomeTitleRequired,
      'welcome.title',
    ],
    [
      { thankYou: { title: '', text: '', redirectUrl: 'javascript:alert(1)' } },
      SETTINGS_MESSAGES.redirectUrl,
      'thankYou.redirectUrl',
    ],
  ])('%o: %s', (over, message, name) => {
    expect(validateDraft(validDraft(over))).toMatchObject({ ok: false, message, at: { field: 'setting', name } });
  });

  it('maps the server’s field paths to the settings inputs', () => {
    expect(fieldRefFor(['closesAt'])).toEqual({ field: 'setting', name: 'closesAt' });
    expect(fieldRefFor(['hiddenFields', '3'])).toEqual({ field: 'setting', name: 'hiddenFields.3' });
    expect(fieldRefFor(['welcome'])).toEqual({ field: 'setting', name: 'welcome.title' });
    expect(fieldRefFor(['thankYou', 'redirectUrl'])).toEqual({ field: 'setting', name: 'thankYou.redirectUrl' });
    expect(fieldRefFor(['nonsense'])).toEqual({ field: 'form' });
  });
});

describe('hidden fields and preview', () => {
  it('shows the link pattern of the named hidden fields', () => {
    expect(hiddenFieldsLinkPattern([])).toBe('');
    expect(hiddenFieldsLinkPattern(['source', ' ', 'campaign'])).toBe('…?source=…&campaign=…');
  });

  it('builds the public survey from the draft, without the response limit', () => {
    const result = previewSurveyOf(draftFromSurvey(withSettings), 's1');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.survey).toMatchObject({
      surveyId: 's1',
      projectId: 'launch',
      title: 'Launch feedback',
      hiddenFields: ['source', 'campaign'],
      welcome: withSettings.welcome,
    });
    expect(result.survey).not.toHaveProperty('responseLimit');
    expect(previewSurveyOf(emptyDraft())).toMatchObject({ ok: false, at: { field: 'projectName' } });
  });
});
