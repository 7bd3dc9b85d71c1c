import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { AppError, ServiceUnavailableError, TooManyRequestsError, UnprocessableError } from '../lib/errors';
import { isJsonObject } from '@quorum/contract';

// The OpenAI chat-completions protocol as Quorum speaks it to the configured AI provider (OpenAI, Azure OpenAI,
// OpenRouter, Ollama, vLLM, LM Studio, llama.cpp's server): the address, the headers, the answer format and the
// provider's failures as Quorum's errors, shared by every use of the provider.

export type AiProviderConfig = NonNullable<Config['ai']>;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** How the answer's format is requested; servers that lack one get the next. */
type FormatMode = 'json_schema' | 'json_object' | 'none';
const NEXT_MODE: Record<FormatMode, FormatMode | null> = {
  json_schema: 'json_object',
  json_object: 'none',
  none: null,
};

/** A JSON schema for structured output, and its name. */
export interface AnswerSchema {
  name: string;
  schema: unknown;
}

/** One more try after an answer that does not fit. */
const ATTEMPTS = 2;
const MAX_REFUSAL_CHARS = 300;

/**
 * Sends a conversation and returns the assistant's text. Asks for structured output with `schema` when given, else
 * for a JSON object, and steps down (JSON object, then no format) for a server that refuses the format, remembering
 * the step for later calls.
 */
export function createChatClient(config: AiProviderConfig, log: FastifyBaseLogger, schema?: AnswerSchema) {
  const endpoint = chatCompletionsUrl(config.baseUrl);
  let mode: FormatMode = schema ? 'json_schema' : 'json_object';
  return async function complete(messages: ChatMessage[], signal: AbortSignal): Promise<string> {
    for (;;) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: headersFor(config, endpoint),
        body: JSON.stringify({ model: config.model, messages, ...responseFormat(mode, schema) }),
        signal,
      });
      const body = await response.text();
      if (response.ok) return contentOf(body);
      const next = NEXT_MODE[mode];
      if ((response.status === 400 || response.status === 422) && next && mentionsFormat(body)) {
        log.info(
          { status: response.status, from: mode, to: next },
          'AI provider refused the answer format; trying the next one',
        );
        mode = next;
        continue;
      }
      throw providerError(response, body, log, config.model);
    }
  };
}

/** What a use of the provider makes of an answer: the value, or what is wrong with it in words for the model. */
export type AnswerReading<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The first issues of a refused answer in words for the model: "questions.2.options: …; title: …". */
export function problemOf(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Asks the provider and reads its answer; when the answer does not fit, asks once more with the problem, then
 * refuses with `unusable` (502). The whole exchange, the retry included, has the provider's `timeoutMs`: past it,
 * 504 AI_TIMEOUT; a provider that cannot be reached is 503 AI_UNREACHABLE.
 */
export async function askUntilUsable<T>(
  complete: (messages: ChatMessage[], signal: AbortSignal) => Promise<string>,
  options: {
    config: AiProviderConfig;
    log: FastifyBaseLogger;
    messages: ChatMessage[];
    read: (content: string) => AnswerReading<T>;
    /** What is asked for, in the retry's words and the log's: "survey", "translation". */
    subject: string;
    unusable: 'AI_UNUSABLE' | 'AI_TRANSLATION_UNUSABLE';
  },
): Promise<T> {
  const { config, log, subject } = options;
  const messages = [...options.messages];
  const signal = AbortSignal.timeout(config.timeoutMs);
  try {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const content = await complete(messages, signal);
      const result = options.read(content);
      if (result.ok) return result.value;
      log.warn({ attempt, problem: result.problem }, `AI provider returned a ${subject} that does not fit`);
      messages.push(
        { role: 'assistant', content },
        {
          role: 'user',
          content: `That answer could not be used: ${result.problem}. Reply with the complete, corrected ${subject} as one JSON object.`,
        },
      );
    }
    throw new AppError(502, options.unusable);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) {
      log.warn({ timeoutMs: config.timeoutMs }, 'AI provider did not answer in time');
      throw new AppError(504, 'AI_TIMEOUT');
    }
    log.warn({ err: error }, 'AI provider could not be reached');
    throw new ServiceUnavailableError('AI_UNREACHABLE');
  }
}

/** The error for a provider's answer that is not a success: a rejected key, its rate limit, an unknown model, … */
export function providerError(response: Response, body: string, log: FastifyBaseLogger, model: string): AppError {
  const detail = body.slice(0, 500);
  if (response.status === 401 || response.status === 403) {
    log.warn({ status: response.status, detail }, 'AI provider rejected the API key');
    return new AppError(502, 'AI_KEY_REJECTED');
  }
  if (response.status === 429) {
    log.warn({ status: response.status, detail }, 'AI provider is rate limiting');
    const retryAfter = Number(response.headers.get('retry-after'));
    return new TooManyRequestsError('AI_RATE_LIMITED', Number.isFinite(retryAfter) ? retryAfter : undefined);
  }
  if (response.status === 404) {
    log.warn({ status: response.status, detail, model }, 'AI provider does not know the model or path');
    return new AppError(502, 'AI_UNKNOWN_MODEL');
  }
  log.warn({ status: response.status, detail }, 'AI provider failed');
  return new AppError(502, 'AI_FAILED', { status: response.status });
}

/** `${baseUrl}/chat/completions`, keeping a query such as Azure's `?api-version=…`. */
export function chatCompletionsUrl(baseUrl: string): URL {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url;
}

export function headersFor(config: AiProviderConfig, endpoint: URL): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.apiKey) {
    headers.authorization = `Bearer ${config.apiKey}`;
    // Azure OpenAI's deployment URLs take the key in their own header.
    if (endpoint.hostname.endsWith('.azure.com')) headers['api-key'] = config.apiKey;
  }
  return headers;
}

function responseFormat(mode: FormatMode, schema: AnswerSchema | undefined): Record<string, unknown> {
  if (mode === 'json_schema' && schema) {
    return {
      response_format: { type: 'json_schema', json_schema: { name: schema.name, strict: true, schema: schema.schema } },
    };
  }
  if (mode === 'json_object') return { response_format: { type: 'json_object' } };
  return {};
}

/** A 400 that is about the requested answer format rather than the request as a whole. */
export function mentionsFormat(body: string): boolean {
  return /response_format|json_schema|json_object|structured output|schema|grammar/i.test(body);
}

/** The assistant's text, or the provider's refusal as a clear error. */
export function contentOf(body: string): string {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw new AppError(502, 'AI_UNREADABLE');
  }
  const choice: unknown = isJsonObject(data) && Array.isArray(data.choices) ? data.choices[0] : undefined;
  if (!isJsonObject(choice) || !choice.message) throw new AppError(502, 'AI_UNREADABLE');
  const { content, refusal } = isJsonObject(choice.message) ? choice.message : {};
  if (typeof refusal === 'string' && refusal.trim() !== '') {
    throw new UnprocessableError('AI_REFUSED', { reason: clip(refusal.trim()) });
  }
  if (choice.finish_reason === 'content_filter') throw new UnprocessableError('AI_BLOCKED');
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
  }
  return '';
}

function clip(text: string): string {
  return text.length > MAX_REFUSAL_CHARS ? `${text.slice(0, MAX_REFUSAL_CHARS - 1)}…` : text;
}

/** The JSON object in a model's text, tolerating code fences and reasoning before it; undefined when none. */
export function extractJson(content: string): unknown {
  const text = content.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}
