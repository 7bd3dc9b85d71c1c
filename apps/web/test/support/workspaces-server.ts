import axe from 'axe-core';
import { expect, vi } from 'vitest';
import type { Workspace, WorkspaceListResponse } from '@quorum/contract';

export type Answer = { status: number; body?: unknown };

/** A request the stub answered: its method and path, and its JSON body. */
export interface Sent {
  call: string;
  body: unknown;
}

/**
 * Answers fetch calls by "METHOD /path" from a queue per call (the last answer repeats) and records them; the
 * login page's configuration is answered by itself. Any other call fails the test.
 */
export function stubServer(answers: Record<string, Answer[]>): Sent[] {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`;
    sent.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (call === 'GET /api/config') return Response.json({ recaptchaSiteKey: null, recaptchaScriptUrl: null });
    const queue = answers[call];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!answer) throw new Error(`unexpected call ${call}`);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
  });
  return sent;
}

/** An error answer as the server sends it. */
export const refusal = (status: number, code: string, message: string): Answer => ({
  status,
  body: { statusCode: status, code, message },
});

export const PERSONAL: Workspace = {
  id: 'user-1',
  name: 'Personal',
  role: 'owner',
  personal: true,
  memberCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
};

export const teamWorkspace = (overrides: Partial<Workspace> = {}): Workspace => ({
  id: 'ws-acme',
  name: 'Acme Research',
  role: 'owner',
  personal: false,
  memberCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const workspaceList = (...teams: Workspace[]): WorkspaceListResponse => ({
  workspaces: [PERSONAL, ...teams],
  activeSurveys: { launched: 0, limit: 2 },
});

/** No axe violations in `root` (contrast needs a layout jsdom has not; the frame's landmarks are the shell's). */
export async function expectNoAxeViolations(root: HTMLElement = document.body): Promise<void> {
  const { violations } = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}
