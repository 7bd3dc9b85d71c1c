import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Checks an error answer: its status and its body's code; given the message (and params), the whole body must be
 * exactly `{ message, code, params }`.
 */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  body?: { message: string; params?: Record<string, unknown> },
): void {
  expect(res.statusCode, res.body).toBe(status);
  if (body) expect(res.json()).toEqual({ ...body, code });
  else expect(res.json().code).toBe(code);
}
