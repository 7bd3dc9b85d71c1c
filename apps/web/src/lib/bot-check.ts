import type { BotCheckAction, PublicConfig } from '@quorum/contract';
import { api } from './api-client';

/**
 * The bot check (reCAPTCHA v3, action-based). Off unless the server publishes a site key in
 * GET /api/config: then no script is loaded and tokens are empty. Only the screens that call
 * `getBotToken` (or `preloadBotCheck`) ever load the script.
 */

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let configPromise: Promise<PublicConfig> | undefined;
let scriptPromise: Promise<Grecaptcha> | undefined;

/** The server's public settings, read once per page load (a failed read is tried again next time). */
export function loadConfig(): Promise<PublicConfig> {
  configPromise ??= api<PublicConfig>('/api/config').catch((error: unknown) => {
    configPromise = undefined;
    throw error;
  });
  return configPromise;
}

function loadScript(scriptUrl: string, siteKey: string): Promise<Grecaptcha> {
  scriptPromise ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    const url = new URL(scriptUrl, window.location.origin);
    url.searchParams.set('render', siteKey);
    script.src = url.toString();
    script.async = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (!g) return reject(new Error('The bot check did not load'));
      g.ready(() => resolve(g));
    };
    script.onerror = () => {
      scriptPromise = undefined;
      script.remove();
      reject(new Error('The bot check could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

/** Starts loading the bot check early on a screen that will need it. */
export function preloadBotCheck(): void {
  void loadConfig()
    .then((config) => {
      if (config.recaptchaSiteKey && config.recaptchaScriptUrl) {
        return loadScript(config.recaptchaScriptUrl, config.recaptchaSiteKey);
      }
    })
    .catch(() => undefined);
}

/** A fresh token for the action, requested right before the call it protects; '' when the check is off. */
export async function getBotToken(action: BotCheckAction): Promise<string> {
  const config = await loadConfig();
  if (!config.recaptchaSiteKey || !config.recaptchaScriptUrl) return '';
  const grecaptcha = await loadScript(config.recaptchaScriptUrl, config.recaptchaSiteKey);
  return grecaptcha.execute(config.recaptchaSiteKey, { action });
}

/**
 * For screens that act on load (email verification): waits for the script and retries when no
 * token is produced, a bounded number of times; throws when none came. '' when the check is off.
 */
export async function getBotTokenWithRetry(
  action: BotCheckAction,
  { attempts = 5, delayMs = 1000 }: { attempts?: number; delayMs?: number } = {},
): Promise<string> {
  const config = await loadConfig();
  if (!config.recaptchaSiteKey) return '';
  let lastError: unknown = new Error('The bot check produced no token');
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const token = await getBotToken(action);
      if (token) return token;
    } catch (error) {
      lastError = error;
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  throw lastError;
}
