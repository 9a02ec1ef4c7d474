// The literal printer behind routes.ts and resources.ts: deterministic, Prettier's layout.
import { describe, it, expect } from 'vitest';
import { jsDoc, quote, tsLiteral } from '../../generators/tsSource.ts';

describe('tsLiteral', () => {
  it('keeps short values on one line and drops undefined members', () => {
    expect(tsLiteral({ a: 1, b: undefined, 'x-dict': 'status', c: [true, null] })).toBe("{ a: 1, 'x-dict': 'status', c: [true, null] }");
    expect(tsLiteral([])).toBe('[]');
    expect(tsLiteral({})).toBe('{}');
  });

  it('breaks past the print width and lists of several records, with trailing commas', () => {
    const long = { title: 'x'.repeat(60), path: '/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p' };
    expect(tsLiteral(long)).toBe(`{\n  title: '${'x'.repeat(60)}',\n  path: '/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p',\n}`);
    expect(
      tsLiteral([
        { a: 1, b: 2 },
        { a: 3, b: 4 },
      ]),
    ).toBe('[\n  { a: 1, b: 2 },\n  { a: 3, b: 4 },\n]');
  });

  it('escapes strings and comments', () => {
    expect(quote("it's \\ \n")).toBe("'it\\'s \\\\ \\n'");
    expect(jsDoc(['a */ b'])).toBe('/** a *\\/ b */');
    expect(jsDoc(['GET /x', 'two'])).toBe('/**\n * GET /x\n * two\n */');
  });

  it('refuses values JSON cannot carry', () => {
    expect(() => tsLiteral(Number.NaN)).toThrow();
    expect(() => tsLiteral(() => 1)).toThrow();
  });
});
