import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './stream-results';

describe('createSseParser', () => {
  it('gives complete events however the stream is cut, skipping comments and retry lines', () => {
    const messages: SseMessage[] = [];
    const feed = createSseParser((m) => messages.push(m));
    const text =
      'retry: 3000\n: connected\n\n' +
      'event: ready\ndata: {"surveyId":"s","totalResponses":0}\n\n' +
      ': ping\n\n' +
      'event: response\ndata: {"surveyId":"s","totalResponses":1}\n\n' +
      'event: response\r\ndata: {"surveyId":"s",\r\ndata: "totalResponses":2}\r\n\r\n';
    for (let i = 0; i < text.length; i += 7) feed(text.slice(i, i + 7));
    expect(messages).toEqual([
      { event: 'ready', data: '{"surveyId":"s","totalResponses":0}' },
      { event: 'response', data: '{"surveyId":"s","totalResponses":1}' },
      { event: 'response', data: '{"surveyId":"s",\n"totalResponses":2}' },
    ]);
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const messages: SseMessage[] = [];
    const feed = createSseParser((m) => messages.push(m));
    feed('event: response\ndata: {}\n');
    expect(messages).toEqual([]);
    feed('\n');
    expect(messages).toEqual([{ event: 'response', data: '{}' }]);
  });
});
