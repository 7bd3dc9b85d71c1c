import { describe, expect, it, vi } from 'vitest';
import { makePublicSurvey } from '@test/support/surveys';
import { getPublicSurvey, preloadPublicSurvey } from './get-public-survey';

function stubFetch() {
  const urls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    urls.push(String(input));
    return new Response(JSON.stringify(makePublicSurvey()), { status: 200 });
  });
  return urls;
}

describe('the public survey’s fetcher', () => {
  it('asks for a language with ?lang=, and none without', async () => {
    const urls = stubFetch();
    await getPublicSurvey('s 1', 'pt-BR');
    await getPublicSurvey('s 1');
    expect(urls).toEqual(['/api/surveys/s%201/public?lang=pt-BR', '/api/surveys/s%201/public']);
  });

  it('hands over the preloaded survey once, for the same survey in the same language only', async () => {
    const urls = stubFetch();
    preloadPublicSurvey('s1', 'de');
    await getPublicSurvey('s1', 'de');
    expect(urls).toEqual(['/api/surveys/s1/public?lang=de']);
    await getPublicSurvey('s1', 'de');
    preloadPublicSurvey('s1', 'de');
    await getPublicSurvey('s1');
    expect(urls).toEqual([
      '/api/surveys/s1/public?lang=de',
      '/api/surveys/s1/public?lang=de',
      '/api/surveys/s1/public?lang=de',
      '/api/surveys/s1/public',
    ]);
  });
});
