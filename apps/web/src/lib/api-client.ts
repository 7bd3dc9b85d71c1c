import { isJsonObject, type ErrorParams } from '@quorum/contract';
import { paths } from '@/config/paths';
import { translateError } from '@/i18n/errors';
import { i18n } from '@/i18n/i18n';
import { loginHref } from './return-path';
import { keepWorkBeforeSessionEnds } from './session-ended';
import { clearSession, readSession, storedToken } from './storage';

/**
 * An API answer other than 2xx: the server's `message` when it sent one, in the user's language (the server's
 * English, or the catalog's translation of its `code`), its stable `code` and the `params` (numbers and names) the
 * message is made of. Screens show `message`; code reads `code` and `params`, never the words.
 */
export class ApiError extends Error {
  /** The error's params from the body (`{ minutes: 15 }`); empty when there are none. */
  readonly params: ErrorParams;

  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly body: unknown,
  ) {
    const params = paramsOf(body);
    super(message ? translateError(code, params, message) : message);
    this.name = 'ApiError';
    this.params = params;
  }
}

/** The names and numbers of an error body's `params`, leaving out anything else. */
function paramsOf(body: unknown): ErrorParams {
  const params = isJsonObject(body) ? body.params : undefined;
  if (typeof params !== 'object' || params === null) return {};
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => typeof value === 'string' || typeof value === 'number'),
  );
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A 401 is this call's own answer (signing out with a token that is revoked already): the session-ended
   * handling below is skipped.
   */
  quietUnauthorized?: boolean;
}

let sessionEnding = false;
/** Whether this page has sent a token: a 401 then means the session ended, even with the storage cleared. */
let hadSession = false;

/**
 * Called when a 401 arrives outside the login pages: the session ended (signed out elsewhere, expired, a
 * password changed). Screens keep their unsaved work first (see session-ended.ts); then the session is
 * cleared and the visitor sent to log in again, with a notice and the page to come back to. The role is the
 * stored one, or the area's when another tab has cleared the storage already.
 */
function onUnauthorized(): void {
  if (sessionEnding) return;
  sessionEnding = true;
  const { pathname, search, hash } = window.location;
  const role = readSession()?.userType ?? (pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin' : 'user');
  keepWorkBeforeSessionEnds();
  clearSession();
  window.location.assign(loginHref(role, 'session-ended', `${pathname}${search}${hash}`));
}

const LOGIN_PATHS: readonly string[] = [paths.auth.login.path, paths.auth.adminLogin.path];

/**
 * One typed fetcher for every endpoint: JSON in and out, the bearer token from storage,
 * errors as ApiError carrying the server's `message`, `code` and `params`.
 */
export async function api<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const token = storedToken();
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (token) {
    headers.authorization = `Bearer ${token}`;
    hadSession = true;
  }
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('common:errors.network'), 'NETWORK', null);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const { message, code } = isJsonObject(data) ? data : {};
    // Without a token too, once this page had one: another tab may have signed out and cleared the storage.
    const sessionEnded = response.status === 401 && (token !== null || hadSession) && !request.quietUnauthorized;
    if (sessionEnded && !LOGIN_PATHS.includes(window.location.pathname)) onUnauthorized();
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : '',
      typeof code === 'string' ? code : undefined,
      data,
    );
  }
  return data as T;
}

/** The server's message when there is one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
