import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * Checks an error answer: its status and its body's code; given the message (and params), the whole body must be
 * exactly `{ message, code, params }`. `label` names what was sent, for the failure message, in loops.
 */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  body?: { message: string; params?: Record<string, unknown> },
  label?: string,
): void {
  expect(res.statusCode, label ? `${label}: ${res.body}` : res.body).toBe(status);
  if (body) expect(res.json(), label).toEqual({ ...body, code });
  else expect(res.json().code, label).toBe(code);
}
