import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, isSafeRedirectUrl, surveyInputSchema } from '../src';

/** Redirects an author may give the thank-you screen: http(s), going to the host the text shows. */
const SAFE_REDIRECTS = [
  'https://example.com/thanks',
  'http://example.com',
  'HTTPS://Shop.Example.COM/done?ref=survey#top',
  'https://example.com:8443/next',
  'https://example.com:443/next',
  'https://bücher.example/',
  'https://xn--bcher-kva.example/',
  'https://127.0.0.1/thanks',
  'https://[2001:db8::1]:8080/',
  'https://example.com/path\\with\\backslashes',
  'https://example.com/@user',
];

/** Redirects a browser would read another way than the author (or no redirect at all). */
const UNSAFE_REDIRECTS = [
  'https:evil.example',
  'http:\\\\evil.example',
  'https:/evil.example',
  'https:///evil.example',
  '//evil.example',
  'evil.example',
  'https://a@evil.example',
  'https://a:b@evil.example',
  'https://:b@evil.example',
  'https://evil.example\\@good.example',
  'https://evil.example\\good.example',
  'https://good.example%2f@evil.example',
  'https://%65vil.example/',
  'https://ev\nil.example/',
  'https://ev\til.example/',
  'https://evil.example /',
  'https://2130706433/',
  'https://0x7f.1/',
  'https://[0::1]/',
  'https://example.com:/x',
  'https://example.com:99999/',
  'https://',
  'javascript:alert(1)',
  'JavaScript://example.com/%0Aalert(1)',
  'data:text/html,hi',
  'ftp://example.com/file',
  ' https://example.com/',
];

describe('thank-you redirects', () => {
  it.each(SAFE_REDIRECTS)('follow %s', (url) => {
    expect(isSafeRedirectUrl(url)).toBe(true);
  });

  it.each(UNSAFE_REDIRECTS)('refuse %j', (url) => {
    expect(isSafeRedirectUrl(url)).toBe(false);
  });

  it('are the rule of a survey’s thank-you screen', () => {
    const body = (redirectUrl: string) => ({
      projectName: 'P',
      title: 'T',
      questions: [{ text: 'Q', type: 'text' }],
      thankYou: { redirectUrl },
    });
    for (const url of UNSAFE_REDIRECTS.filter((u) => u === u.trim())) {
      expect(surveyInputSchema.safeParse(body(url)).error?.issues[0]?.message, url).toBe(SETTINGS_MESSAGES.redirectUrl);
    }
    expect(surveyInputSchema.parse(body(' https://bücher.example/ ')).thankYou?.redirectUrl).toBe(
      'https://bücher.example/',
    );
  });
});
