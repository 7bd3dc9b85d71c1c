import type { FastifyBaseLogger } from 'fastify';
import { surveyInputSchema, type SurveyInput } from '@quorum/contract';
import type { Config } from '../config';
import { AppError, ServiceUnavailableError, TooManyRequestsError, UnprocessableError } from '../lib/errors';
import { GENERATED_SURVEY_JSON_SCHEMA, SYSTEM_PROMPT, toSurveyInput, userPrompt } from './survey-json-schema';
import type { SurveyDraftGenerator } from './survey-draft-generator';

export type AiProviderConfig = NonNullable<Config['ai']>;

/** How the answer's format is requested; servers that lack one get the next. */
type FormatMode = 'json_schema' | 'json_object' | 'none';
const NEXT_MODE: Record<FormatMode, FormatMode | null> = {
  json_schema: 'json_object',
  json_object: 'none',
  none: null,
};

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** One more try after an answer that does not validate. */
const ATTEMPTS = 2;
const MAX_REFUSAL_CHARS = 300;

/**
 * A survey generator speaking the OpenAI chat-completions protocol, so it works with OpenAI, Azure
 * OpenAI, OpenRouter, Ollama, vLLM, LM Studio and llama.cpp's server. Asks for structured output with
 * a JSON schema and falls back to plain JSON mode, then to no format, for servers that refuse it;
 * validates the answer with the contract and asks once more, with the problem, when it does not pass.
 * The whole generation, retries included, has `timeoutMs`.
 */
export function createOpenAiCompatibleGenerator(
  config: AiProviderConfig,
  log: FastifyBaseLogger,
): SurveyDraftGenerator {
  const endpoint = chatCompletionsUrl(config.baseUrl);
  let mode: FormatMode = 'json_schema';

  async function complete(messages: ChatMessage[], signal: AbortSignal): Promise<string> {
    for (;;) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: headersFor(config, endpoint),
        body: JSON.stringify({ model: config.model, messages, ...responseFormat(mode) }),
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
  }

  return {
    kind: 'ai',
    description: `AI provider at ${new URL(config.baseUrl).origin} with model ${config.model}`,
    async generate(idea) {
      const signal = AbortSignal.timeout(config.timeoutMs);
      const messages: ChatMessage[] = [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userPrompt(idea) },
      ];
      try {
        for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
          const content = await complete(messages, signal);
          const result = readSurvey(content);
          if (result.ok) return result.survey;
          log.warn({ attempt, problem: result.problem }, 'AI provider returned a survey that does not validate');
          messages.push(
            { role: 'assistant', content },
            {
              role: 'user',
              content: `That answer could not be used: ${result.problem}. Reply with the complete, corrected survey as one JSON object.`,
            },
          );
        }
        throw new AppError(502, 'AI_UNUSABLE');
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (signal.aborted) {
          log.warn({ timeoutMs: config.timeoutMs }, 'AI provider did not answer in time');
          throw new AppError(504, 'AI_TIMEOUT');
        }
        log.warn({ err: error }, 'AI provider could not be reached');
        throw new ServiceUnavailableError('AI_UNREACHABLE');
      }
    },
  };
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

function responseFormat(mode: FormatMode): Record<string, unknown> {
  if (mode === 'json_schema') {
    return {
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'survey', strict: true, schema: GENERATED_SURVEY_JSON_SCHEMA },
      },
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
  const choice = (data as { choices?: unknown[] } | null)?.choices?.[0] as
    { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown } | undefined;
  if (!choice?.message) throw new AppError(502, 'AI_UNREADABLE');
  const { content, refusal } = choice.message;
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

type ReadResult = { ok: true; survey: SurveyInput } | { ok: false; problem: string };

/** Parses the model's text as JSON (tolerating code fences and reasoning) and validates it with the contract. */
export function readSurvey(content: string): ReadResult {
  const json = extractJson(content);
  if (json === undefined) return { ok: false, problem: 'the answer is not a JSON object' };
  const survey = toSurveyInput(json);
  const parsed = surveyInputSchema.safeParse(survey);
  if (parsed.success) return { ok: true, survey };
  const problem = parsed.error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  return { ok: false, problem };
}

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
