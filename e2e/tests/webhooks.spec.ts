import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signInNewUser } from '../support/accounts';
import { paths } from '../support/paths';
import { createSurveyViaApi, setSurveyStateViaApi, submitResponseViaApi } from '../support/surveys';
import { expectNoAxeViolations } from '../support/axe';

// Webhooks end to end: added on a survey's Integrations tab, pointed at a receiver on this machine, a test event and a
// real response arrive signed, and the deliveries list shows them.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/quorum-hook`, received, server };
}

test('an owner adds a webhook on the Integrations tab; test events and responses arrive signed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    const owner = await signInNewUser(page, request, { name: 'Wanda Webhook' });
    const survey = await createSurveyViaApi(request, owner.token, {
      projectName: 'Hooks project',
      title: 'Sent to a CRM',
      questions: [{ text: 'How likely are you to come back?', type: 'rating', ratingScale: { min: 1, max: 5 } }],
    });
    await setSurveyStateViaApi(request, owner.token, survey.surveyId, 'active');

    await page.goto(`${paths.user.surveyResults.getHref(survey)}?view=integrations`);
    await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    await expectNoAxeViolations(page, 'the Integrations tab, empty');

    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    await form.getByRole('textbox', { name: /Endpoint URL/ }).fill(receiver.url);
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const added = page.getByRole('dialog', { name: 'Webhook added' });
    const secret = await added.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoAxeViolations(page, 'the signing secret');
    await added.getByRole('button', { name: 'Done' }).click();

    const item = page.getByRole('article', { name: receiver.url });
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(/Test event delivered/)).toBeVisible({ timeout: 20_000 });

    await submitResponseViaApi(request, survey.surveyId, [{ questionId: survey.questions[0]!.id, answer: 5 }]);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);

    // Each delivery verifies with the secret shown once, as docs/webhooks.md shows.
    for (const { headers, body } of receiver.received) {
      const timestamp = String(headers['x-quorum-timestamp']);
      const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
      expect(headers['x-quorum-signature']).toBe(expected);
      expect(JSON.parse(body).id).toBe(headers['x-quorum-delivery']);
    }
    const created = JSON.parse(receiver.received[1]!.body);
    expect(created.event).toBe('response.created');
    expect(created.survey).toEqual({ id: survey.surveyId, title: 'Sent to a CRM' });
    const answer = created.data.response.answers[survey.questions[0]!.id];
    expect(answer).toMatchObject({ question: 'How likely are you to come back?', answer: 5 });

    // The deliveries list shows both, delivered, each with its attempt; at a phone's width too.
    await page.setViewportSize({ width: 360, height: 800 });
    await item.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByRole('dialog', { name: 'Deliveries' });
    await expect(deliveries.getByText('Delivered')).toHaveCount(2);
    await expectNoAxeViolations(page, 'the deliveries list at 360 px');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

test('the API reference renders from the OpenAPI document', async ({ page, request }) => {
  const doc = await request.get('/api/openapi.json');
  expect(doc.status()).toBe(200);
  const body = (await doc.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(body.openapi).toMatch(/^3\.1/);
  expect(Object.keys(body.paths)).toContain('/api/surveys/{surveyId}/webhooks');
  await page.goto('/api/docs');
  await expect(page.getByText('/api/user/api-keys').first()).toBeVisible({ timeout: 20_000 });
});
