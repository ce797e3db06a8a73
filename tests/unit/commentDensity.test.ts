import { describe, expect, it } from 'vitest';
import { countLines } from '../../scripts/commentDensity';

describe('countLines, as cloc counts', () => {
  it('counts code, comment-only and blank lines apart', () => {
    const source = ['/**', ' * Why.', ' */', 'const a = 1; // trailing', '', '// alone', 'const b = 2;'].join('\n');
    expect(countLines(source)).toEqual({ code: 2, comment: 4 });
  });

  it('never opens a comment inside strings, templates or regular expressions', () => {
    const source = [
      "const url = 'http://example.com/*';",
      'const re = /\\/\\/+/g;',
      'const half = total / 2; const other = x / y;',
      `const t = \`a $\{b ? \`//$\{c}\` : "/*"} d`.replaceAll('\\', ''),
      '// still inside the template? no: this line is its text',
      '`;',
      'const ok = 1;',
    ].join('\n');
    expect(countLines(source)).toEqual({ code: 7, comment: 0 });
  });
});
