import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECT, request, useTestApp } from './helpers';

const APP = '<!doctype html><title>Quorum app</title>';
const PUBLIC_PAGE = '<!doctype html><title>Quorum public page</title>';

function webBuild(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'quorum-web-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe(`the public survey pages get their own html (${TEST_DIALECT})`, () => {
  const t = useTestApp({ webDist: webBuild({ 'index.html': APP, 'public-survey.html': PUBLIC_PAGE }) });

  it('sends public-survey.html for a survey and its thank-you page', async () => {
    for (const url of [
      '/projects/fest/surveys/0193',
      '/projects/fest/surveys/0193/',
      '/projects/fest/surveys/0193/thank-you',
      '/projects/fest/surveys/0193?source=newsletter',
    ]) {
      const res = await request(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(PUBLIC_PAGE);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain('frame-ancestors *');
    }
  });

  it('sends the app everywhere else', async () => {
    for (const url of ['/', '/dashboard', '/surveys/0193/preview', '/projects/fest/surveys/0193/edit']) {
      const res = await request(t.app, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(APP);
    }
  });
});

describe(`a web build without the public page (${TEST_DIALECT})`, () => {
  const t = useTestApp({ webDist: webBuild({ 'index.html': APP }) });

  it('sends the app for a public survey, which runs the survey itself', async () => {
    const res = await request(t.app, 'GET', '/projects/fest/surveys/0193');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP);
  });
});
