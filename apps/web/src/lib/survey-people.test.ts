import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format';
import { creatorName, isTeamSurvey, lastChange } from './survey-people';

const ann = { id: 'ann', name: 'Ann Owner' };
const bob = { id: 'bob', name: 'Bob Editor' };
const base = {
  workspaceId: 'team-1',
  userId: 'ann',
  createdBy: ann,
  updatedBy: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

describe('who made and changed a survey', () => {
  it('tells a team survey from a personal one, whose workspace is its maker', () => {
    expect(isTeamSurvey(base)).toBe(true);
    expect(isTeamSurvey({ workspaceId: 'ann', userId: 'ann' })).toBe(false);
  });

  it('names the maker, or a stand-in once their account is gone', () => {
    expect(creatorName(base)).toBe('Ann Owner');
    expect(creatorName({ createdBy: null })).toBe('a former member');
  });

  it('names the last change when someone else made it, or the maker did later, and not before any save', () => {
    expect(lastChange(base)).toBeNull();
    expect(lastChange({ ...base, updatedBy: ann })).toBeNull();
    expect(lastChange({ ...base, updatedBy: ann, updatedAt: '2026-03-02T10:00:00.000Z' })).toEqual({
      name: 'Ann Owner',
      at: '2026-03-02T10:00:00.000Z',
    });
    expect(lastChange({ ...base, updatedBy: bob })).toEqual({ name: 'Bob Editor', at: base.updatedAt });
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says how long ago in the largest whole unit', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(14 * 24 * 3600), now)).toBe('2 weeks ago');
  });

  it('gives back text that is no time as it is', () => {
    expect(formatRelativeTime('soon', now)).toBe('soon');
  });
});
