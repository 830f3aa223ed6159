import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readStub } from '../../plugins/content-loader/read-stub.ts';
import { DevSite } from '../../src/dev/dev-site.ts';
import { tempSite, type TempSite } from '../helpers.ts';

// At dev's first start (no outline kept) the workers read the pages' stubs, 200 to a task: they
// must be the stubs the main thread reads, less the body (read with the page's compile).

const PAGES = 240;

/** Page `i` in one of the shapes a stub is read from. */
function pageText(i: number): string {
  switch (i % 6) {
    case 0:
      return `---\ntitle: "Titled ${i}"\ndescription: Page ${i}\n---\n\n# Heading ${i}\n\nText.\n`;
    case 1:
      return `# Heading with [a link](/x) and \`code\` ${i}\n\nText.\n`;
    case 2:
      return `Text without a heading ${i}.\n`;
    case 3:
      return `---\ntitle: [not closed\n---\n\n# Fallback ${i}\n`;
    case 4:
      return `---\ntitle: Plain ${i}\ndate: 2024-02-30\n---\n\n## Only a second-level heading\n`;
    default:
      return `---\nnested:\n  key: value ${i}\n---\n\n# Nested ${i}\n`;
  }
}

let site: TempSite;
let dev: DevSite;

beforeAll(async () => {
  site = tempSite(Object.fromEntries([...Array.from({ length: PAGES }, (_, i) => [`content/page-${String(i).padStart(3, '0')}.md`, pageText(i)]), ['docs-gen.config.ts', "export default { title: 'Stubs' };\n"]]));
  dev = new DevSite({ root: site.root, send: () => {}, log: { info: () => {}, error: () => {} } });
  await dev.exclusive(() => dev.initialize());
});

afterAll(async () => {
  await dev?.close();
  site?.cleanup();
});

test('each page dev starts with is the stub the main thread would read, without its body', () => {
  expect(dev.store.stubsRead).toBe(PAGES);
  for (let i = 0; i < PAGES; i++) {
    const sourcePath = `content/page-${String(i).padStart(3, '0')}.md`;
    const { body, ...expected } = readStub(join(site.root, sourcePath), sourcePath);
    expect(body.length).toBeGreaterThan(0);
    const answered = dev.store.answer(sourcePath);
    expect(answered, sourcePath).toEqual(expected);
    expect(answered && 'body' in answered, sourcePath).toBe(false);
  }
  // Titles as the page map shows them: front matter, first heading, or the file's name.
  const titles = Object.fromEntries(dev.site!.routes.map((route) => [route.route, route.title]));
  expect(titles['/page-000']).toBe('Titled 0');
  expect(titles['/page-001']).toBe('Heading with a link and code 1');
  // A front matter that fails its check (no 30 February) leaves the stub none; the compile reports it.
  expect(titles['/page-004']).toBe('Page 004');
  expect(titles['/page-005']).toBe('Nested 5');
});
