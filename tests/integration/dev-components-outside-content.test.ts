import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { DevMessage } from '../../src/shared/dev-protocol.ts';
import { tempSite } from '../helpers.ts';
import { useDevServer, type DevServerUnderTest } from '../use-dev-server.ts';

/**
 * Components outside the content folder (`components/` beside it, the layout of every Next.js
 * site): one a page imports, one the config gives every page, and a file each imports. dev
 * watched none of them: an edit showed only after a restart.
 */
const note = (text: string) => `import { label } from './label.ts';\n\nexport default function Note() {\n  return <span className="note">{label}: ${text}</span>;\n}\n`;
const config = (title: string) => `export default { title: '${title}', components: { Logo: './components/Logo.tsx', Plain: './components/Plain.mjs' } };\n`;
const plain = (text: string) => `import { createElement } from 'react';\n\nexport default function Plain() {\n  return createElement('i', { className: 'plain' }, '${text}');\n}\n`;
const logo = (text: string) => `export default function Logo() {\n  return <b className="logo">${text}</b>;\n}\n`;
const dev = useDevServer(
  {
    'docs-gen.config.ts': config('Outside'),
    'content/index.mdx': "import Note from '../components/Note.jsx';\n\n# Home\n\n<Note />\n\n<Logo />\n",
    'content/plain.mdx': '# Plain\n\n<Logo />\n\n<Plain />\n',
    'components/Plain.mjs': plain('Plain one'),
    'components/Note.jsx': note('first'),
    'components/label.ts': "export const label = 'Label one';\n",
    'components/Logo.tsx': logo('Logo one'),
    // Made with the site, not by the test: written just before Logo.tsx was saved, its own event
    // (a file added to a watched folder, reported after a read of the folder) could come as a batch
    // after Logo's, naming badge.ts, and be taken for the reload of the edit below.
    'components/badge.ts': "export const badge = 'Badge one';\n",
  },
  { socket: true },
);

const html = async (path: string) => (await fetch(dev.url(path))).text();
const noteOn = async (path: string) => /class="note">([^<]*)</.exec(await html(path))?.[1];
const plainOn = async (path: string) => /class="plain">([^<]*)</.exec(await html(path))?.[1];
const logoOn = async (path: string) => /class="logo">([^<]*)</.exec(await html(path))?.[1];

/** Writes `file` (relative to the site of `server`, `dev` unless told) and waits until dev has handled it and told the tabs `type`. */
const save = (file: string, text: string, type: DevMessage['type'], server: DevServerUnderTest = dev): Promise<DevMessage> => server.save(file, text, type);

test("a component a page imports from outside content/, and a file it imports: each edit is on the page once dev says reload", async () => {
  expect(await noteOn('/')).toBe('Label one: first');
  await save('components/Note.jsx', note('second'), 'reload');
  expect(await noteOn('/')).toBe('Label one: second');
  await save('components/label.ts', "export const label = 'Label two';\n", 'reload');
  expect(await noteOn('/')).toBe('Label two: second');
});

test("a config component outside content/: an edit is on every page using it; a syntax error is shown, its fix clears it", async () => {
  expect(await logoOn('/')).toBe('Logo one');
  expect(await logoOn('/plain')).toBe('Logo one');
  await save('components/Logo.tsx', logo('Logo two'), 'reload');
  expect(await logoOn('/')).toBe('Logo two');
  expect(await logoOn('/plain')).toBe('Logo two');

  const broken = await save('components/Logo.tsx', 'export default function Logo() {\n  return <b className="logo">Logo three</b>\n', 'error');
  expect(broken.type === 'error' && broken.message).toMatch(/components\/Logo\.tsx/);
  // The last good component stays in use meanwhile.
  expect(await logoOn('/plain')).toBe('Logo two');
  await save('components/Logo.tsx', logo('Logo three'), 'reload');
  expect(await logoOn('/plain')).toBe('Logo three');
});

test('a plain JavaScript config component (not bundled): an edit is on the page', async () => {
  expect(await plainOn('/plain')).toBe('Plain one');
  await save('components/Plain.mjs', plain('Plain two'), 'reload');
  expect(await plainOn('/plain')).toBe('Plain two');
});

test('a file a config component starts to import is watched from then on', async () => {
  await save('components/Logo.tsx', "import { badge } from './badge.ts';\n\nexport default function Logo() {\n  return <b className=\"logo\">{badge}</b>;\n}\n", 'reload');
  expect(await logoOn('/plain')).toBe('Badge one');
  await save('components/badge.ts', "export const badge = 'Badge two';\n", 'reload');
  expect(await logoOn('/plain')).toBe('Badge two');
});

test('after a config change, the components a page imports are still watched', async () => {
  await save('docs-gen.config.ts', config('Outside, renamed'), 'reload');
  expect(await noteOn('/')).toBe('Label two: second');
  await save('components/Note.jsx', note('third'), 'reload');
  expect(await noteOn('/')).toBe('Label two: third');
});

describe('a config component whose import has a syntax error when dev starts', () => {
  const broken = useDevServer(
    {
      'docs-gen.config.ts': "export default { title: 'Broken', components: { Logo: './components/Logo.tsx' } };\n",
      'content/index.mdx': '# Home\n\n<Logo />\n',
      'components/Logo.tsx': "import { name } from './name.ts';\n\nexport default function Logo() {\n  return <b className=\"logo\">{name}</b>;\n}\n",
      'components/name.ts': "export const name = ('Acme';\n",
    },
    { socket: true },
  );

  test('is shown at its place, and the fix of the imported file (watched though no bundle was made) clears it', async () => {
    expect(broken.terminal.join('\n')).toMatch(/components\/name\.ts:1:\d+ error Cannot bundle components\/Logo\.tsx: .*\[module-bundle\]/);
    await save('components/name.ts', "export const name = 'Acme';\n", 'reload', broken);
    expect(/class="logo">([^<]*)</.exec(await (await fetch(broken.url('/'))).text())?.[1]).toBe('Acme');
  });
});

describe("a page's component outside content/: removed and made again, importing a file not made yet, broken from the start", () => {
  const site = useDevServer(
    {
      'content/index.mdx': "import Card from '../widgets/Card.jsx';\n\n# Home\n\n<Card />\n",
      'content/broken.mdx': "import Badge from '../widgets/Badge.jsx';\n\n# Broken\n\n<Badge />\n",
      'widgets/Card.jsx': 'export default function Card() {\n  return <i className="card">Card one</i>;\n}\n',
      'widgets/Badge.jsx': 'export default function Badge() {\n  return <i className="badge">Badge one</i>\n',
    },
    { socket: true },
  );
  const shownOn = async (path: string, name: string) => new RegExp(`class="${name}">([^<]*)<`).exec(await (await fetch(site.url(path))).text())?.[1];

  test('a component broken when dev starts: its fix is seen (the failure names the file, whose folder dev watches)', async () => {
    await fetch(site.url('/broken'));
    expect(site.terminal.join('\n')).toMatch(/widgets\/Badge\.jsx:\d+:\d+ error Cannot bundle the page's imports/);
    await save('widgets/Badge.jsx', 'export default function Badge() {\n  return <i className="badge">Badge two</i>;\n}\n', 'reload', site);
    expect(await shownOn('/broken', 'badge')).toBe('Badge two');
  });

  test('a component removed (the page fails) and made again: seen, and so is its next edit', async () => {
    expect(await shownOn('/', 'card')).toBe('Card one');
    const from = site.messages.length;
    rmSync(join(site.root, 'widgets', 'Card.jsx'));
    await site.messageAfter(from, (m) => m.type === 'error');
    await save('widgets/Card.jsx', 'export default function Card() {\n  return <i className="card">Card two</i>;\n}\n', 'reload', site);
    expect(await shownOn('/', 'card')).toBe('Card two');
    await save('widgets/Card.jsx', 'export default function Card() {\n  return <i className="card">Card three</i>;\n}\n', 'reload', site);
    expect(await shownOn('/', 'card')).toBe('Card three');
  });

  test('a component that starts to import a file not made yet: the page fails until the file is made', async () => {
    await save('widgets/Card.jsx', "import { label } from './label.js';\n\nexport default function Card() {\n  return <i className=\"card\">{label}</i>;\n}\n", 'error', site);
    await save('widgets/label.js', "export const label = 'Label made';\n", 'reload', site);
    expect(await shownOn('/', 'card')).toBe('Label made');
  });
});

describe('a page importing a package not installed yet', () => {
  const site = useDevServer(
    {
      'package.json': `${JSON.stringify({ name: 'site', private: true }, null, 2)}\n`,
      'content/index.mdx': "import { shout } from 'fake-shout';\n\n# Home\n\nSaid {shout('hello')}.\n",
    },
    { socket: true },
  );

  test('fails with the hint to install it; once installed (the package manager writes its lock file), the page compiles', async () => {
    await fetch(site.url('/'));
    expect(site.terminal.join('\n')).toMatch(/Could not resolve "fake-shout"[\s\S]*run npm install/);
    // What `npm install` does: the package first, then the lock (and, for a new dependency, the manifest: one file is enough here).
    mkdirSync(join(site.root, 'node_modules', 'fake-shout'), { recursive: true });
    writeFileSync(join(site.root, 'node_modules', 'fake-shout', 'package.json'), JSON.stringify({ name: 'fake-shout', type: 'module', exports: './index.js' }));
    writeFileSync(join(site.root, 'node_modules', 'fake-shout', 'index.js'), 'export const shout = (text) => text.toUpperCase();\n');
    await save('package-lock.json', `${JSON.stringify({ name: 'site', lockfileVersion: 3, packages: { 'node_modules/fake-shout': { version: '1.0.0' } } }, null, 2)}\n`, 'reload', site);
    expect(await (await fetch(site.url('/'))).text()).toContain('Said HELLO.');
  });

  test('once no page fails, an edit of package.json for something else tells the tabs nothing', async () => {
    const printedBefore = site.printed.length;
    writeFileSync(join(site.root, 'package.json'), `${JSON.stringify({ name: 'site', private: true, description: 'edited', dependencies: { 'fake-shout': '^1.0.0' } }, null, 2)}\n`);
    await expect.poll(() => site.printed.slice(printedBefore).find((line) => line.startsWith('docs-gen dev: package.json → '))).toMatch(/→ nothing to do/);
  });
});

describe('a page importing a package not installed yet, in a site inside a workspace', () => {
  // The workspace's root holds the lock file and node_modules; the site is a folder of it. An
  // install there writes the lock at the workspace's root and leaves the site's folder alone.
  const site = useDevServer(
    () => {
      const workspace = tempSite({
        'package.json': `${JSON.stringify({ name: 'workspace', private: true, workspaces: ['site'] }, null, 2)}\n`,
        'package-lock.json': `${JSON.stringify({ name: 'workspace', lockfileVersion: 3, packages: {} }, null, 2)}\n`,
        'site/package.json': `${JSON.stringify({ name: 'site', private: true }, null, 2)}\n`,
        'site/content/index.mdx': "import { yell } from 'fake-yell';\n\n# Home\n\nSaid {yell('hi')}.\n",
      });
      return { root: join(workspace.root, 'site'), cleanup: workspace.cleanup };
    },
    { socket: true },
  );

  test("once installed at the workspace's root (its lock file written), the page compiles", async () => {
    await fetch(site.url('/'));
    expect(site.terminal.join('\n')).toMatch(/Could not resolve "fake-yell"[\s\S]*run npm install/);
    const installed = join(site.root, '..', 'node_modules', 'fake-yell');
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(installed, 'package.json'), JSON.stringify({ name: 'fake-yell', type: 'module', exports: './index.js' }));
    writeFileSync(join(installed, 'index.js'), "export const yell = (text) => `${text.toUpperCase()}!`;\n");
    await save('../package-lock.json', `${JSON.stringify({ name: 'workspace', lockfileVersion: 3, packages: { 'node_modules/fake-yell': { version: '1.0.0' } } }, null, 2)}\n`, 'reload', site);
    expect(await (await fetch(site.url('/'))).text()).toContain('Said HI!.');
  });
});
