import { describe, expect, it } from 'vitest';
import { mailJobSchema } from '../src/modules/notifications/mail-outbox.repository';

/** What the mail worker reads back from a stored outbox row: the job, or nothing to send. */
const read = (kind: string, payload: unknown) => {
  const parsed = mailJobSchema.safeParse({ kind, payload });
  return parsed.success ? parsed.data : undefined;
};

describe('stored mail jobs', () => {
  it('reads each kind with only its own fields', () => {
    expect(read('response', { surveyId: 's', responseId: 'r', extra: 1 })).toEqual({
      kind: 'response',
      payload: { surveyId: 's', responseId: 'r' },
    });
    expect(read('digest', { surveyId: 's', until: 'u' })).toEqual({
      kind: 'digest',
      payload: { surveyId: 's', since: null, until: 'u' },
    });
    expect(read('webhook-disabled', { surveyId: 's', webhookId: 'w', url: 'https://example.com/hook' })).toEqual({
      kind: 'webhook-disabled',
      payload: { surveyId: 's', webhookId: 'w', url: 'https://example.com/hook' },
    });
  });

  it('reads a closing reason other than the limit as the schedule, and an address as text', () => {
    expect(read('survey-closed', { surveyId: 's', reason: 'limit' })?.payload).toEqual({
      surveyId: 's',
      reason: 'limit',
    });
    expect(read('survey-closed', { surveyId: 's', reason: 'other' })?.payload).toEqual({
      surveyId: 's',
      reason: 'schedule',
    });
    expect(read('webhook-disabled', { surveyId: 's', url: 5 })?.payload).toEqual({
      surveyId: 's',
      webhookId: '',
      url: '5',
    });
  });

  it('sends nothing for an unknown kind or a payload without the fields its kind needs', () => {
    expect(read('other', { surveyId: 's' })).toBeUndefined();
    expect(read('response', { surveyId: 's' })).toBeUndefined();
    expect(read('response', { responseId: 'r' })).toBeUndefined();
    expect(read('digest', { surveyId: 's', since: 5, until: 'u' })).toBeUndefined();
    expect(read('digest', [1])).toBeUndefined();
  });
});
