import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { LiveResultsEvent } from '@quorum/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  createAdmin,
  createSurvey,
  createUser,
  createWorkspace,
  type CreatedSurvey,
} from '@quorum/test-support/factories';
import { createInMemoryLiveEvents, type LiveEvents } from '../src/events/live-events';
import { openResultsStream } from '../src/modules/results/results.stream';
import { createTestApp, TEST_DIALECT, request, useTestApp, useTwoInstances } from './helpers';
import { expectError } from './support/expect-error';

interface SseEvent {
  event: string;
  data: string;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** A small Server-Sent Events reader over fetch, as the results screen uses it. */
async function openStream(app: FastifyInstance, surveyId: string, token: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/surveys/${surveyId}/results/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length) events.push({ event, data: data.join('\n'), at: Date.now() });
          wake?.();
        }
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      wake?.();
    }
  })();
  return {
    res,
    events,
    comments,
    get ended() {
      return ended;
    },
    /** Waits for the next event of that name not yet taken. */
    async next(name: string, timeoutMs = 5000): Promise<LiveResultsEvent & { at: number }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e) => e.event === name);
        if (index >= 0) {
          const taken = events.splice(index, 1)[0]!;
          return { ...(JSON.parse(taken.data) as LiveResultsEvent), at: taken.at };
        }
        if (ended) throw new Error(`stream ended before a "${name}" event`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(left, 100));
        });
      }
    },
    close: () => controller.abort(),
  };
}

/** An event's data without its arrival time. */
const withoutTime = ({ at: _at, ...event }: LiveResultsEvent & { at: number }): LiveResultsEvent => event;

const submit = (app: FastifyInstance, survey: CreatedSurvey) =>
  request(app, 'POST', `/api/surveys/${survey.id}/responses`, {
    body: {
      answers: survey.questions.map((q, i) => ({ questionId: q.id, answer: ['Saturday', ['Food'], 'Nice', 4][i]! })),
    },
  });

async function until(condition: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The in-memory broadcast, counting who listens, to see that closed streams stop listening. */
function countingLiveEvents(): LiveEvents & { listening: () => number } {
  const inner = createInMemoryLiveEvents();
  let listening = 0;
  return {
    publish: (event) => inner.publish(event),
    publishAccessEnded: (event) => inner.publishAccessEnded(event),
    onAccessEnded: (listener) => inner.onAccessEnded(listener),
    async subscribe(surveyId, listener) {
      const stop = await inner.subscribe(surveyId, listener);
      listening += 1;
      let stopped = false;
      return () => {
        if (stopped) return;
        stopped = true;
        listening -= 1;
        stop();
      };
    },
    close: () => inner.close(),
    listening: () => listening,
  };
}

describe(`live results stream (${TEST_DIALECT})`, () => {
  const liveEvents = countingLiveEvents();
  const t = useTestApp({}, { liveEvents });

  it('sends "ready" and then an event after each stored response', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const stream = await openStream(t.app, survey.id, owner.token);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.res.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(withoutTime(await stream.next('ready'))).toEqual({ surveyId: survey.id, totalResponses: 0 });

      const submitted = await submit(t.app, survey);
      expect(submitted.statusCode).toBe(201);
      expect(withoutTime(await stream.next('response'))).toEqual({
        surveyId: survey.id,
        responseId: submitted.json().responseId,
        totalResponses: 1,
      });
      // The screen then reads the new numbers.
      const results = await request(t.app, 'GET', `/api/surveys/${survey.id}/results`, { token: owner.token });
      expect(results.json().totalResponses).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('collapses a burst into at most one event per second, ending on the latest total', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const stream = await openStream(t.app, survey.id, owner.token);
    try {
      await stream.next('ready');
      await Promise.all(Array.from({ length: 5 }, () => submit(t.app, survey)));
      const received: Array<{ totalResponses: number; at: number }> = [];
      while (received.at(-1)?.totalResponses !== 5) received.push(await stream.next('response', 4000));
      // Fewer events than responses, at least a second apart, the last one carrying the latest total.
      expect(received.length).toBeLessThan(5);
      for (let i = 1; i < received.length; i += 1) {
        expect(received[i]!.at - received[i - 1]!.at).toBeGreaterThanOrEqual(900);
      }
      await new Promise((r) => setTimeout(r, 1200));
      expect(stream.events.filter((e) => e.event === 'response')).toHaveLength(0);
    } finally {
      stream.close();
    }
  });

  it('lets an administrator listen; others get 404 and anonymous 401', async () => {
    const owner = await createUser(t.ctx);
    const stranger = await createUser(t.ctx);
    const admin = await createAdmin(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
    const adminStream = await openStream(t.app, survey.id, admin.token);
    expect(await adminStream.next('ready')).toMatchObject({ surveyId: survey.id });
    adminStream.close();
    const path = `/api/surveys/${survey.id}/results/stream`;
    const other = await request(t.app, 'GET', path, { token: stranger.token });
    expectError(other, 404, 'SURVEY_NOT_FOUND', { message: 'Survey not found' });
    expect((await request(t.app, 'GET', path)).statusCode).toBe(401);
  });

  it('stops listening when the client goes away', async () => {
    const owner = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active' });
    await until(() => liveEvents.listening() === 0);
    const stream = await openStream(t.app, survey.id, owner.token);
    await stream.next('ready');
    expect(liveEvents.listening()).toBe(1);
    stream.close();
    await until(() => liveEvents.listening() === 0);
  });
});

describe(`live results stream lifecycle (${TEST_DIALECT})`, () => {
  it('ends open streams when the server shuts down, so closing does not hang', async () => {
    const app = await createTestApp();
    try {
      const owner = await createUser(app.ctx);
      const survey = await createSurvey(app.ctx, owner.id, { state: 'active' });
      const stream = await openStream(app.app, survey.id, owner.token);
      await stream.next('ready');
      const started = Date.now();
      await app.app.close();
      expect(Date.now() - started).toBeLessThan(3000);
      await until(() => stream.ended);
    } finally {
      await app.close();
    }
  });

  it('sends heartbeat comments and ends after its maximum duration (timings shortened)', async () => {
    const liveEvents = createInMemoryLiveEvents();
    const stream = openResultsStream(liveEvents, 's1', async () => 7, {
      heartbeatMs: 30,
      throttleMs: 50,
      maxDurationMs: 400,
    });
    let text = '';
    stream.body.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await new Promise<void>((resolve) => stream.body.on('end', resolve));
    expect(text.startsWith('retry: 3000\n: connected\n\n')).toBe(true);
    expect(text).toContain('event: ready\ndata: {"surveyId":"s1","totalResponses":7}\n\n');
    expect(text.match(/^: ping$/gm)?.length ?? 0).toBeGreaterThanOrEqual(5);
    // Once ended it no longer listens: a publish reaches nobody and nothing is written.
    liveEvents.publish({ surveyId: 's1', responseId: 'r', totalResponses: 8 });
    expect(text).not.toContain('event: response');
  });
});

/** A key of the user that may read responses, made with the password. */
async function makeKey(app: FastifyInstance, token: string): Promise<{ id: string; key: string }> {
  const res = await request(app, 'POST', '/api/user/api-keys', {
    token,
    body: { name: 'Live', scopes: ['responses:read'], password: DEFAULT_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string };
}

/** How long a stream that is to stay open is watched after another one closed. */
const SETTLE_MS = 300;

const responseEvents = (stream: { events: SseEvent[] }) => stream.events.filter((e) => e.event === 'response');

describe(`live results streams end when access ends (${TEST_DIALECT})`, () => {
  const t = useTestApp();

  it("closes a removed member's stream, sends it nothing after, and refuses its reconnect", async () => {
    const [owner, member] = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
    const workspaceId = await createWorkspace(t.ctx, [
      [owner, 'owner'],
      [member, 'viewer'],
    ]);
    const survey = await createSurvey(t.ctx, owner.id, { state: 'active', workspaceId });
    const own = await createSurvey(t.ctx, member.id, { state: 'active' });
    const owners = await openStream(t.app, survey.id, owner.token);
    const members = await openStream(t.app, survey.id, member.token);
    const membersOwn = await openStream(t.app, own.id, member.token);
    try {
      await Promise.all([owners.next('ready'), members.next('ready'), membersOwn.next('ready')]);
      const removed = await request(t.app, 'DELETE', `/api/workspaces/${workspaceId}/members/${member.id}`, {
        token: owner.token,
      });
      expect(removed.statusCode, removed.body).toBe(204);
      await until(() => members.ended);

      expect((await submit(t.app, survey)).statusCode).toBe(201);
      await owners.next('response');
      expect(responseEvents(members)).toEqual([]);
      // Their stream on a survey they still may see stays open, as does the owner's.
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      expect(membersOwn.ended).toBe(false);
      expect(owners.ended).toBe(false);

      // Reconnecting runs the whole check again.
      const again = await request(t.app, 'GET', `/api/surveys/${survey.id}/results/stream`, { token: member.token });
      expect(again.statusCode).toBe(404);
    } finally {
      owners.close();
      members.close();
      membersOwn.close();
    }
  });

  it("closes the streams of a deleted workspace's members", async () => {
    const [owner, member] = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
    const workspaceId = await createWorkspace(t.ctx, [
      [owner, 'owner'],
      [member, 'editor'],
    ]);
    const survey = await createSurvey(t.ctx, member.id, { state: 'active', workspaceId });
    const owners = await openStream(t.app, survey.id, owner.token);
    try {
      await owners.next('ready');
      const deleted = await request(t.app, 'DELETE', `/api/workspaces/${workspaceId}`, { token: owner.token });
      expect(deleted.statusCode, deleted.body).toBe(204);
      // The survey went back to its creator's personal workspace: the owner no longer sees it.
      await until(() => owners.ended);
    } finally {
      owners.close();
    }
  });

  it('signing out of this device closes its streams only; of all devices, every stream and key stream', async () => {
    const user = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, user.id, { state: 'active' });
    const laptop = user.token;
    const phone = await t.ctx.tokens.sign({ sub: user.id, role: 'user', ver: 0 });
    const key = await makeKey(t.app, phone);
    const onLaptop = await openStream(t.app, survey.id, laptop);
    const onPhone = await openStream(t.app, survey.id, phone);
    const withKey = await openStream(t.app, survey.id, key.key);
    try {
      await Promise.all([onLaptop.next('ready'), onPhone.next('ready'), withKey.next('ready')]);
      expect((await request(t.app, 'POST', '/api/user/auth/logout', { token: laptop })).statusCode).toBe(204);
      await until(() => onLaptop.ended);
      expect((await submit(t.app, survey)).statusCode).toBe(201);
      await onPhone.next('response');
      await withKey.next('response');
      expect(responseEvents(onLaptop)).toEqual([]);

      expect((await request(t.app, 'POST', '/api/user/auth/logout-all', { token: phone })).statusCode).toBe(204);
      await until(() => onPhone.ended && withKey.ended);
      expect((await submit(t.app, survey)).statusCode).toBe(201);
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      expect(responseEvents(onPhone)).toEqual([]);
      expect(responseEvents(withKey)).toEqual([]);
    } finally {
      onLaptop.close();
      onPhone.close();
      withKey.close();
    }
  });

  it("revoking a key closes the key's streams, not the session's", async () => {
    const user = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, user.id, { state: 'active' });
    const key = await makeKey(t.app, user.token);
    const withKey = await openStream(t.app, survey.id, key.key);
    const withSession = await openStream(t.app, survey.id, user.token);
    try {
      await Promise.all([withKey.next('ready'), withSession.next('ready')]);
      expect((await request(t.app, 'DELETE', `/api/user/api-keys/${key.id}`, { token: user.token })).statusCode).toBe(
        204,
      );
      await until(() => withKey.ended);
      expect((await submit(t.app, survey)).statusCode).toBe(201);
      await withSession.next('response');
      expect(responseEvents(withKey)).toEqual([]);
      expect(withSession.ended).toBe(false);
      expect(
        (await request(t.app, 'GET', `/api/surveys/${survey.id}/results/stream`, { token: key.key })).statusCode,
      ).toBe(401);
    } finally {
      withKey.close();
      withSession.close();
    }
  });

  it('a password change closes the streams of the older sessions', async () => {
    const user = await createUser(t.ctx);
    const survey = await createSurvey(t.ctx, user.id, { state: 'active' });
    const stream = await openStream(t.app, survey.id, user.token);
    try {
      await stream.next('ready');
      const changed = await request(t.app, 'PUT', '/api/user/auth/change-password', {
        token: user.token,
        body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-pass-42!' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await until(() => stream.ended);
    } finally {
      stream.close();
    }
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))(`live results across instances through Redis (${TEST_DIALECT})`, () => {
  const { a, b } = useTwoInstances({ redisUrl: process.env.REDIS_URL });

  it('tells a screen on one instance about a response stored by another, once', async () => {
    const owner = await createUser(a.ctx);
    const survey = await createSurvey(a.ctx, owner.id, { state: 'active' });
    const onB = await openStream(b.app, survey.id, owner.token);
    const onA = await openStream(a.app, survey.id, owner.token);
    try {
      await onB.next('ready');
      await onA.next('ready');
      const submitted = await submit(a.app, survey);
      expect(submitted.statusCode).toBe(201);
      const expected = { surveyId: survey.id, responseId: submitted.json().responseId, totalResponses: 1 };
      expect(withoutTime(await onB.next('response'))).toEqual(expected);
      expect(withoutTime(await onA.next('response'))).toEqual(expected);
      // No echo: the publishing instance does not hear its own event twice.
      await new Promise((r) => setTimeout(r, 1500));
      expect(onA.events.filter((e) => e.event === 'response')).toHaveLength(0);
      expect(onB.events.filter((e) => e.event === 'response')).toHaveLength(0);
    } finally {
      onA.close();
      onB.close();
    }
  });
});

describe.runIf(Boolean(process.env.REDIS_URL))(`live results streams end across instances (${TEST_DIALECT})`, () => {
  const { a, b } = useTwoInstances({ redisUrl: process.env.REDIS_URL });

  it('removing a member on one instance closes their stream on the other', async () => {
    const [owner, member] = await Promise.all([createUser(a.ctx), createUser(a.ctx)]);
    const workspaceId = await createWorkspace(a.ctx, [
      [owner, 'owner'],
      [member, 'viewer'],
    ]);
    const survey = await createSurvey(a.ctx, owner.id, { state: 'active', workspaceId });
    const onB = await openStream(b.app, survey.id, member.token);
    const ownersOnB = await openStream(b.app, survey.id, owner.token);
    try {
      await Promise.all([onB.next('ready'), ownersOnB.next('ready')]);
      const removed = await request(a.app, 'DELETE', `/api/workspaces/${workspaceId}/members/${member.id}`, {
        token: owner.token,
      });
      expect(removed.statusCode, removed.body).toBe(204);
      await until(() => onB.ended);
      expect((await submit(a.app, survey)).statusCode).toBe(201);
      await ownersOnB.next('response');
      expect(responseEvents(onB)).toEqual([]);
    } finally {
      onB.close();
      ownersOnB.close();
    }
  });
});
