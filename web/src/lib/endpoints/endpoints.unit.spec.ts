import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { globSync } from 'glob';
import { ALL_ROUTES, findRoute } from '@app/domain';

const src = join(__dirname, '../..');

interface Declared {
  name: string;
  file: string;
  method: string;
  path: string;
}

/** Every RTK Query endpoint the web app declares: its name, method and URL (template parameters as `x`). */
function declaredEndpoints(): Declared[] {
  const found: Declared[] = [];
  for (const file of globSync('**/*.{ts,tsx}', { cwd: src, ignore: ['**/*.spec.*'] })) {
    const text = readFileSync(join(src, file), 'utf8');
    const starts = [...text.matchAll(/(\w+): build\.(query|mutation)</g)];
    starts.forEach((start, i) => {
      const block = text.slice(start.index, starts[i + 1]?.index ?? text.length);
      const url = /(['`])(\/api\/[^'`]*)\1/.exec(block);
      if (!url) throw new Error(`${file}: endpoint ${start[1]} names no /api URL`);
      const method = /method: '(\w+)'/.exec(block)?.[1] ?? 'GET';
      found.push({ name: start[1], file: relative(src, join(src, file)), method, path: url[2].replace(/\$\{[^}]+\}/g, 'x').split('?')[0] });
    });
  }
  return found;
}

describe("The web app's endpoints", () => {
  const endpoints = declaredEndpoints();

  it('should be found (the scan reads the api slices)', () => {
    expect(endpoints.length).toBeGreaterThan(20);
  });

  it('should declare each URL and method once, so one cache entry holds it', () => {
    const byCall = new Map<string, string[]>();
    for (const e of endpoints) byCall.set(`${e.method} ${e.path}`, [...(byCall.get(`${e.method} ${e.path}`) ?? []), `${e.file}#${e.name}`]);
    const twice = [...byCall].filter(([, where]) => where.length > 1);
    expect(twice).toEqual([]);
  });

  it('should call only routes the server has (the route table)', () => {
    const unknown = endpoints.filter((e) => !findRoute(ALL_ROUTES, e.method, e.path)).map((e) => `${e.file}#${e.name}: ${e.method} ${e.path}`);
    expect(unknown).toEqual([]);
  });
});
