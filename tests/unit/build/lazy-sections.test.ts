// A page read from the compile cache reads its sections' texts only when asked (lazy-sections.ts),
// and the search index keys it by the digest its compile stored while they are unread.
import { describe, expect, test } from 'vitest';
import { carrySections, defineLazySections, outlineOf, sectionsDigest, sectionsSummary, withSections } from '../../../src/build/lazy-sections.ts';
import { searchDocument, searchDocumentOutline, type TextSection } from '../../../src/shared/search-index-format.ts';

const SECTIONS: TextSection[] = [
  { id: '', title: '', text: ' Intro words.\n' },
  { id: 'first', title: 'First', text: 'First words.\n', relOutputs: ['/outputs/first.json'] },
  { id: 'second', title: 'Second', text: '' },
];

/** A page whose sections are lazy, with a count of the reads of its texts; `digest` stands for what its compile stored. */
function lazyPage(digest = sectionsDigest(SECTIONS)): { page: { route: string; sections?: TextSection[] }; reads: () => number } {
  let reads = 0;
  const page: { route: string; sections?: TextSection[] } = { route: '/guide' };
  defineLazySections(page, outlineOf(SECTIONS), digest, () => (reads++, SECTIONS.map((section) => section.text)));
  return { page, reads: () => reads };
}

describe('lazy sections', () => {
  test('are read once, on the first read, and are the compile\'s sections', () => {
    const { page, reads } = lazyPage();
    expect(reads()).toBe(0);
    expect(page.sections).toEqual(SECTIONS);
    expect(page.sections).toBe(page.sections);
    expect(reads()).toBe(1);
  });

  test('are a plain property to JSON, a structured clone and a spread', () => {
    expect(JSON.parse(JSON.stringify(lazyPage().page))).toEqual({ route: '/guide', sections: SECTIONS });
    expect(structuredClone(lazyPage().page)).toEqual({ route: '/guide', sections: SECTIONS });
    expect({ ...lazyPage().page }.sections).toEqual(SECTIONS);
  });

  test('copied by withSections or carrySections stay unread, and the copies share what either reads', () => {
    const { page, reads } = lazyPage('stored');
    const copy = withSections(page, { locale: 'en' });
    const route: { sections?: TextSection[] } = {};
    carrySections(copy, route);
    expect(Object.keys(copy)).toEqual(['route', 'sections', 'locale']);
    expect(reads()).toBe(0);
    expect(sectionsSummary(route)?.digest).toBe('stored');
    expect(route.sections).toBe(page.sections);
    expect(reads()).toBe(1);
  });

  test('set, are replaced on that object alone', () => {
    const { page } = lazyPage('stored');
    const copy = withSections(page, {});
    copy.sections = [];
    expect(copy.sections).toEqual([]);
    expect(sectionsSummary(copy)).toEqual({ digest: sectionsDigest([]), outline: [] });
    expect(sectionsSummary(page)?.digest).toBe('stored');
    expect(page.sections).toEqual(SECTIONS);
  });
});

describe('withSections on a page whose sections are not lazy', () => {
  test('is { ...from, ...extra }: the same keys in the same order, extra winning, getters read, the page left as it was', () => {
    const page = { route: '/a', frontMatter: { title: 'A' }, sections: SECTIONS, locale: 'fr' };
    const withGetter = Object.defineProperty({ route: '/b' }, 'title', { get: () => 'Read', enumerable: true });
    for (const [from, extra] of [[page, { locale: 'en', sourcePath: 'content/a.md' }], [withGetter, {}], [{}, { route: '/c' }]] as [object, object][]) {
      const copy = withSections(from, extra);
      expect(Object.entries(copy)).toEqual(Object.entries({ ...from, ...extra }));
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    }
    expect(page.locale).toBe('fr');
  });

  test('an own __proto__ key stays an own key of the copy, never its prototype', () => {
    const parsed = JSON.parse('{ "route": "/a", "__proto__": { "polluted": true } }') as object;
    const copy = withSections(parsed, { locale: 'en' });
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['route', '__proto__', 'locale']);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    const fromExtra = withSections({ route: '/a' }, JSON.parse('{ "__proto__": { "polluted": true } }') as object);
    expect(Object.getPrototypeOf(fromExtra)).toBe(Object.prototype);
  });
});

describe('the summary of a page\'s sections', () => {
  test('of lazy sections not read is what the compile stored, and reads nothing; of none, undefined', () => {
    const { page, reads } = lazyPage('stored');
    expect(sectionsSummary(page)).toEqual({ digest: 'stored', outline: outlineOf(SECTIONS) });
    expect(reads()).toBe(0);
    expect(sectionsSummary({})).toBeUndefined();
  });

  test('of sections read, set or never lazy is made from them as they are now', () => {
    const { page } = lazyPage('stored');
    void page.sections;
    expect(sectionsSummary(page)).toEqual({ digest: sectionsDigest(SECTIONS), outline: outlineOf(SECTIONS) });
    expect(sectionsSummary({ sections: structuredClone(SECTIONS) })).toEqual({ digest: sectionsDigest(SECTIONS), outline: outlineOf(SECTIONS) });
  });

  const changes: Record<string, (sections: TextSection[]) => void> = {
    'a text set': (sections) => void (sections[1]!.text = 'Other words.\n'),
    'an id set': (sections) => void (sections[1]!.id = 'other'),
    'a title set': (sections) => void (sections[1]!.title = 'Other'),
    'a Rel output added in place': (sections) => void sections[1]!.relOutputs!.push('/outputs/more.json'),
    'Rel outputs removed': (sections) => void delete sections[1]!.relOutputs,
    'Rel outputs empty': (sections) => void (sections[1]!.relOutputs = []),
    'a section added': (sections) => void sections.push({ id: 'third', title: 'Third', text: '' }),
    'a section removed': (sections) => void sections.pop(),
    'a text moved to the next section': (sections) => void ([sections[0]!.text, sections[1]!.text] = ['', sections[0]!.text + sections[1]!.text]),
    'a title moved into the id': (sections) => void ([sections[1]!.id, sections[1]!.title] = ['firstFirst', '']),
  };

  test.each(Object.keys(changes))('follows %s on a lazy page', (name) => {
    const { page } = lazyPage();
    const before = sectionsSummary(page)!.digest;
    changes[name]!(page.sections!);
    expect(sectionsSummary(page)!.digest).not.toBe(before);
    expect(sectionsSummary(page)).toEqual({ digest: sectionsDigest(page.sections!), outline: outlineOf(page.sections!) });
  });
});

describe('a search document\'s outline', () => {
  test('has the keys of searchDocument in its order, and the length of each text, from the trimmed lengths alone', () => {
    // Sections of every kind the merge meets: the intro, the page's own title heading, a repeated
    // key, empty texts before and after others, whitespace to trim.
    const pieces: TextSection[] = [
      { id: '', title: '', text: '  \n' },
      { id: 'guide', title: ' Guide ', text: 'Title words.' },
      { id: 'a', title: 'A', text: '' },
      { id: 'a', title: 'A', text: ' a1 ' },
      { id: 'a', title: 'A', text: '\n' },
      { id: 'a', title: 'A', text: 'a2' },
      { id: 'b', title: 'B#1', text: 'b' },
      { id: '', title: 'Lost', text: 'More intro.' },
    ];
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let round = 0; round < 300; round++) {
      const sections = Array.from({ length: Math.floor(random() * 7) }, () => pieces[Math.floor(random() * pieces.length)]!);
      const document = searchDocument('Guide', sections);
      const keys = Object.keys(document.data);
      expect(searchDocumentOutline('Guide', outlineOf(sections), (section) => section.trimmedLength)).toEqual({ keys, lengths: keys.map((key) => document.data[key]!.length) });
    }
  });
});
