import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BotCheckModule from '@/lib/bot-check';

function serveConfig(config: { recaptchaSiteKey: string | null; recaptchaScriptUrl: string | null }) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Stands in for the third-party script: when the page adds it, it "loads" and defines grecaptcha. */
function fakeRecaptchaScript(execute: (siteKey: string, options: { action: string }) => Promise<string>) {
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node instanceof HTMLScriptElement) {
          window.grecaptcha = { ready: (cb) => cb(), execute };
          node.dispatchEvent(new Event('load'));
        }
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return observer;
}

describe('bot check in the browser', () => {
  let mod: typeof BotCheckModule;
  beforeEach(async () => {
    vi.resetModules();
    mod = await import('@/lib/bot-check');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
    delete window.grecaptcha;
  });

  it('gives an empty token and loads no script when the server has no site key', async () => {
    serveConfig({ recaptchaSiteKey: null, recaptchaScriptUrl: null });
    expect(await mod.getBotToken('login')).toBe('');
    expect(await mod.getBotTokenWithRetry('email_verification')).toBe('');
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads the script once with the site key and asks for a token per action', async () => {
    serveConfig({ recaptchaSiteKey: 'site-key', recaptchaScriptUrl: 'https://captcha.example/api.js' });
    const execute = vi.fn(async (_key: string, { action }: { action: string }) => `token-for-${action}`);
    const observer = fakeRecaptchaScript(execute);
    expect(await mod.getBotToken('login')).toBe('token-for-login');
    expect(await mod.getBotToken('register')).toBe('token-for-register');
    observer.disconnect();
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://captcha.example/api.js?render=site-key');
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'login' });
  });

  it('retries when no token is produced, then gives the token', async () => {
    serveConfig({ recaptchaSiteKey: 'site-key', recaptchaScriptUrl: 'https://captcha.example/api.js' });
    let calls = 0;
    const observer = fakeRecaptchaScript(async () => (++calls < 3 ? '' : 'late-token'));
    expect(await mod.getBotTokenWithRetry('email_verification', { attempts: 5, delayMs: 1 })).toBe('late-token');
    expect(calls).toBe(3);
    observer.disconnect();
  });

  it('gives up after a bounded number of attempts', async () => {
    serveConfig({ recaptchaSiteKey: 'site-key', recaptchaScriptUrl: 'https://captcha.example/api.js' });
    let calls = 0;
    const observer = fakeRecaptchaScript(async () => {
      calls += 1;
      return '';
    });
    await expect(mod.getBotTokenWithRetry('email_verification', { attempts: 3, delayMs: 1 })).rejects.toThrow();
    expect(calls).toBe(3);
    observer.disconnect();
  });
});
