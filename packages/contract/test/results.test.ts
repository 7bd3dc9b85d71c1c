import { describe, expect, it } from 'vitest';
import {
  answerText,
  csvCell,
  csvFileName,
  csvRow,
  formatAverage,
  PIE_COLORS,
  percentageOf,
  questionLabel,
  responsesPageQuerySchema,
  resultsResponseSchema,
} from '../src/results';

describe('percentageOf', () => {
  it('gives the share with one decimal place', () => {
    expect(percentageOf(1, 3)).toBe(33.3);
    expect(percentageOf(2, 3)).toBe(66.7);
    expect(percentageOf(3, 3)).toBe(100);
    expect(percentageOf(1, 8)).toBe(12.5);
  });
  it('is 0 when nobody answered, never NaN', () => {
    expect(percentageOf(0, 0)).toBe(0);
  });
});

describe('formatAverage', () => {
  it('shows one decimal place', () => {
    expect(formatAverage(4)).toBe('4.0');
    expect(formatAverage(10 / 3)).toBe('3.3');
    expect(formatAverage(3.25)).toBe('3.3');
  });
  it('shows a dash without ratings', () => {
    expect(formatAverage(null)).toBe('–');
    expect(formatAverage(undefined)).toBe('–');
  });
});

describe('PIE_COLORS', () => {
  it('has six fixed, distinct colours', () => {
    expect(PIE_COLORS).toHaveLength(6);
    expect(new Set(PIE_COLORS).size).toBe(6);
  });
});

describe('questionLabel and answerText', () => {
  it('labels columns "Q{n}: {text}" and marks deleted questions', () => {
    expect(questionLabel(1, 'How was it?')).toBe('Q1: How was it?');
    expect(questionLabel(5, 'Old one', true)).toBe('Q5: Old one (deleted)');
  });
  it('joins checkbox answers with "; " and prints ratings as numbers', () => {
    expect(answerText(['Food', 'Sound'])).toBe('Food; Sound');
    expect(answerText(4)).toBe('4');
    expect(answerText('plain')).toBe('plain');
    expect(answerText(undefined)).toBe('');
  });
  it('prints nothing for a value that is not an answer, never "[object Object]"', () => {
    expect(answerText({} as never)).toBe('');
    expect(answerText(Object.prototype as never)).toBe('');
    expect(answerText(Object as never)).toBe('');
  });
});

describe('response rows', () => {
  it('keep an answer keyed "__proto__" when encoded for the API', () => {
    const answers = Object.assign(Object.create(null) as Record<string, unknown>, {
      q1: 'a',
      constructor: ['x'],
    });
    answers['__proto__'] = 4;
    const encoded = resultsResponseSchema.shape.responses.element.encode({
      responseId: 'r',
      submittedAt: 't',
      answers: answers as never,
      durationSeconds: null,
      flags: [],
      language: 'en',
    });
    expect(JSON.stringify(encoded)).toBe(
      '{"responseId":"r","submittedAt":"t","answers":{"q1":"a","constructor":["x"],"__proto__":4},"durationSeconds":null,"flags":[],"language":"en"}',
    );
  });
  it('refuse answers that are not answers', () => {
    const row = (answers: unknown) =>
      resultsResponseSchema.shape.responses.element.safeParse({
        responseId: 'r',
        submittedAt: 't',
        answers,
        durationSeconds: null,
        flags: [],
        language: 'en',
      }).success;
    expect(row({ q1: 'a', q2: 3, q3: ['x'] })).toBe(true);
    expect(row({ q1: { nested: true } })).toBe(false);
    expect(row([])).toBe(false);
    expect(row(null)).toBe(false);
  });
});

describe('csvCell and csvRow (RFC 4180, formula injection)', () => {
  it.each(['hello', '', 'Crème brûlée'])('leaves the plain cell %j alone', (cell) => {
    expect(csvCell(cell)).toBe(cell);
  });
  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rlf', '"cr\rlf"'],
  ])('quotes %j, which holds a comma, a quote or a line break, doubling quotes', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
  ])('prefixes formula-looking %j with an apostrophe', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
  it('prefixes and quotes when both apply', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('\rx')).toBe('"\'\rx"');
  });
  it.each(['a=b', 'a - b', '3-2', 'me@example.com'])(
    'does not prefix %j, whose formula character is not first',
    (cell) => {
      expect(csvCell(cell)).toBe(cell);
    },
  );
  it('prefixes a negative number as it prefixes any leading "-"', () => {
    expect(csvCell('-3')).toBe("'-3");
  });
  it('makes every joined checkbox element inert, not only the first', () => {
    expect(csvCell(answerText(['ok', '=HYPERLINK("http://evil","x")']))).toBe(
      '"ok; \'=HYPERLINK(""http://evil"",""x"")"',
    );
    expect(csvCell(answerText(['+1', '@SUM(A1)', '-2']))).toBe("'+1; '@SUM(A1); '-2");
  });
  it.each([
    ['a;=1', "a;'=1"],
    ['a; =1', "a; '=1"],
    ['a,+1', '"a,\'+1"'],
    ['a\t@x', "a\t'@x"],
    ['a\t\t=x', "a\t'\t'=x"],
    ['line\n=cmd', '"line\n\'=cmd"'],
    ['line\r\n-cmd', '"line\r\n\'-cmd"'],
    ['a;\rx', '"a;\'\rx"'],
    [' =1', " '=1"],
  ])('prefixes a formula character after a separator in %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
  it('makes header cells (question texts) inert the same way', () => {
    expect(csvRow([questionLabel(1, 'Pick; =cmd|"/c calc"!A0')])).toBe('"Q1: Pick; \'=cmd|""/c calc""!A0"\r\n');
  });
  it('ends a row in CRLF', () => {
    expect(csvRow(['a', 'b,c', '=1'])).toBe('a,"b,c",\'=1\r\n');
  });
});

describe('csvFileName', () => {
  it('names the file after the survey title', () => {
    expect(csvFileName('Festival feedback 2026')).toBe('Festival feedback 2026.csv');
  });
  it('keeps accents but drops characters file systems refuse', () => {
    expect(csvFileName('Café: "best" <of>/2026?*|\\')).toBe('Café best of2026.csv');
  });
  it('drops control characters, direction overrides and leading dots', () => {
    expect(csvFileName('..\u0007evil\u202Evsc.exe')).toBe('evilvsc.exe.csv');
  });
  it('never returns an empty or reserved name', () => {
    expect(csvFileName('  ///  ')).toBe('survey-results.csv');
    expect(csvFileName('CON')).toBe('CON-results.csv');
  });
  it('cuts long titles without splitting characters', () => {
    const name = csvFileName('😀'.repeat(150));
    expect(Array.from(name.replace(/\.csv$/, ''))).toHaveLength(100);
    expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('schemas', () => {
  it('pages 50 by default and refuses limits above 500', () => {
    expect(responsesPageQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(responsesPageQuerySchema.safeParse({ limit: '501' }).success).toBe(false);
    expect(responsesPageQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(responsesPageQuerySchema.safeParse({ cursor: "x' or 1=1" }).success).toBe(false);
  });
  it('describes the results response: title, total, questions with statistics, responses', () => {
    const parsed = resultsResponseSchema.parse({
      surveyId: 's',
      projectId: 'p',
      state: 'active',
      title: 'T',
      totalResponses: 1,
      matchingResponses: 1,
      timeZone: 'UTC',
      timeline: [{ date: '2026-01-01', count: 1 }],
      funnel: {
        views: 2,
        starts: 1,
        completions: 1,
        completionRate: 50,
        medianCompletionSeconds: 30,
        dropOff: [{ questionId: 'q', reached: 1, answered: 1 }],
      },
      questions: [
        {
          id: 'q',
          text: 'Q',
          type: 'multiple_choice',
          isDeleted: false,
          required: true,
          answeredCount: 1,
          seenCount: 1,
          statistics: [{ answer: 'A', count: 1, percentage: 100 }],
        },
      ],
      hiddenFields: [],
      languages: [{ language: 'en', responses: 1 }],
      responses: [
        {
          responseId: 'r',
          submittedAt: '2026-01-01T00:00:00.000Z',
          answers: { q: 'A' },
          durationSeconds: 30,
          flags: [],
          language: 'en',
        },
      ],
      nextCursor: null,
    });
    expect(parsed.questions[0]!.statistics[0]).toEqual({ answer: 'A', count: 1, percentage: 100 });
  });
});
