import { describe, expect, it, vi } from 'vitest';
import {
  csvCell,
  exportFileName,
  exportSummary,
  fetchAllRows,
  flattenRecord,
  neutraliseFormula,
  toCsv,
  UTF8_BOM,
} from '../../src/dataProvider/csvExport';

describe('CSV text', () => {
  it('starts with a UTF-8 byte-order mark and keeps accented text', () => {
    const csv = toCsv([{ name: 'Zoë Müller', city: 'Zürich' }]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('name,city\r\nZoë Müller,Zürich');
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('quotes cells holding commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it.each(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://evil","x")'])('neutralises the formula %j', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
    expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it.each([' =1+1', '   +SUM(A1)', '\t=1+1', ' \t-2+3', '\n=1+1', '\r\n@cmd', '\n \t=HYPERLINK("http://evil","x")'])(
    'neutralises the formula %j after leading whitespace or a line break',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it.each(['\uFF1D1+1', '\uFF0BSUM(A1)', '\uFF0D2+3', '\uFF20cmd', ' \uFF1D1+1', '\t\uFF0BSUM(A1)', '\n\uFF20cmd', '\r\n \uFF0D2'])(
    'neutralises the full-width formula %j, leading or after whitespace',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('leaves numbers, booleans and harmless text alone', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(neutraliseFormula('a \uFF1D b')).toBe('a \uFF1D b');
    expect(neutraliseFormula('  indented text')).toBe('  indented text');
    expect(neutraliseFormula('\nsecond line')).toBe('\nsecond line');
  });

  it('fills missing columns with empty cells, in first-seen column order', () => {
    expect(toCsv([{ a: 1 }, { b: 'x', a: 2 }]).slice(1)).toBe('a,b\r\n1,\r\n2,x');
  });
});

describe('flattening', () => {
  it('turns nested objects into dotted columns (session statistics)', () => {
    expect(flattenRecord({ id: 's1', statistics: { totalWords: 120, sentiment: { positive: 3 } } })).toEqual({
      id: 's1',
      'statistics.totalWords': 120,
      'statistics.sentiment.positive': 3,
    });
  });

  it('joins lists readably: variations by question, landmine points by point, strings as they are', () => {
    expect(
      flattenRecord({
        variations: [
          { _id: 'v1', question: 'Too pricey?' },
          { _id: 'v2', question: 'Costs too much' },
        ],
        canSay: [{ point: 'Past results', context: 'x' }],
        cannotSay: [{ point: 'Guaranteed', severity: 'critical' }, { point: 'Risk-free' }],
        triggerVariations: ['a', 'b'],
        changes: ['trigger: old → new', 'priority: low → high'],
        tags: [],
      }),
    ).toEqual({
      variations: 'Too pricey? | Costs too much',
      canSay: 'Past results',
      cannotSay: 'Guaranteed | Risk-free',
      triggerVariations: 'a | b',
      changes: 'trigger: old → new | priority: low → high',
      tags: '',
    });
  });

  it('writes null as empty and dates as ISO text', () => {
    expect(flattenRecord({ lastLogin: null, at: new Date('2024-05-01T10:00:00Z') })).toEqual({
      lastLogin: '',
      at: '2024-05-01T10:00:00.000Z',
    });
  });
});

describe('fetching every page', () => {
  const source = (count: number) => async (page: number, perPage: number) => ({
    data: Array.from({ length: count }, (_, i) => i).slice((page - 1) * perPage, page * perPage),
    total: count,
  });

  it('fetches page by page until the total and reports progress', async () => {
    const progress = vi.fn();
    const result = await fetchAllRows(source(250), { pageSize: 100, onProgress: progress });
    expect(result).toMatchObject({ total: 250, capped: false });
    expect(result.rows).toHaveLength(250);
    expect(progress.mock.calls.map(([p]) => p)).toEqual([
      { exported: 100, total: 250 },
      { exported: 200, total: 250 },
      { exported: 250, total: 250 },
    ]);
  });

  it('stops at the cap and says how many rows out of how many', async () => {
    const getPage = vi.fn(source(1_000));
    const result = await fetchAllRows(getPage, { pageSize: 100, cap: 250 });
    expect(getPage).toHaveBeenCalledTimes(3);
    expect(result).toMatchObject({ total: 1_000, capped: true });
    expect(result.rows).toHaveLength(250);
    expect(exportSummary(result)).toEqual({ key: 'app.export.limitReached', options: { exported: 250, total: 1_000 } });
  });

  it('reports a complete export', async () => {
    const result = await fetchAllRows(source(3));
    expect(exportSummary(result)).toEqual({ key: 'app.export.done', options: { exported: 3, smart_count: 3 } });
  });

  it('stops on a short page when the server gives no total', async () => {
    const result = await fetchAllRows(async (page) => ({ data: page === 1 ? [1, 2] : [] }), { pageSize: 100 });
    expect(result).toEqual({ rows: [1, 2], total: 2, capped: false });
  });

  it('names the file after the resource and the day', () => {
    expect(exportFileName('users', new Date('2024-05-01T10:00:00Z'))).toBe('users-2024-05-01');
  });
});
