import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SchemaVerdicts } from '../../../src/util/schema-verdicts.ts';
import { tmp } from '../../helpers.ts';

interface Named {
  name: string;
}
const isNamed = (value: unknown): value is Named => typeof (value as Named | null)?.name === 'string';
const load = (file: string, salt = ['tool', 'schema']) => SchemaVerdicts.load(file, salt, isNamed);

/** A verdicts file in a folder of its own, as a run that validated `A` (key `a`) and `B` (key `b`) saved it. */
async function savedAandB(): Promise<string> {
  const file = join(tmp(), 'verdicts.json');
  const first = load(file);
  first.set('a', { name: 'A' });
  first.set('b', { name: 'B' });
  await first.save();
  return file;
}

describe('SchemaVerdicts: what a schema made of each input the last run validated', () => {
  test('a verdict set and saved comes back to the next run under the same salt, a copy of its own each time', async () => {
    const file = join(tmp(), 'config', 'verdicts.json');
    const first = load(file);
    const key = first.keyOf('{"name":"a"}');
    expect(first.get(key)).toBeUndefined();
    expect(first.set(key, { name: 'A' })).toBe(true);
    await first.save();
    const next = load(file);
    const given = next.get(key)!;
    expect(given).toEqual({ name: 'A' });
    given.name = 'changed by the run';
    expect(next.get(key)).toEqual({ name: 'A' });
  });

  test('each part of the salt counts, and apart from the next: another tool or schema text is a miss', async () => {
    const file = join(tmp(), 'verdicts.json');
    const first = load(file);
    first.set(first.keyOf('x'), { name: 'X' });
    await first.save();
    expect(load(file).get(first.keyOf('x'))).toEqual({ name: 'X' });
    for (const salt of [['other tool', 'schema'], ['tool', 'schema, edited'], ['tools', 'chema'], ['tool', 'schema', '2025']]) expect(load(file, salt).get(first.keyOf('x'))).toBeUndefined();
  });

  test('the value is taken when it is set: what the run does to the object afterwards is not kept', async () => {
    const file = join(tmp(), 'verdicts.json');
    const verdicts = load(file);
    const value = { name: 'as validated' };
    verdicts.set('k', value);
    value.name = 'changed afterwards';
    await verdicts.save();
    expect(load(file).get('k')).toEqual({ name: 'as validated' });
  });

  test('a value that is not plain data is not kept', async () => {
    const file = join(tmp(), 'verdicts.json');
    const verdicts = load(file);
    expect(verdicts.set('k', { name: 'dated', when: new Date(0) } as Named)).toBe(false);
    await verdicts.save();
    expect(() => statSync(file)).toThrow();
  });

  test('a save keeps the entries this run used alone, and writes nothing when they are the last run\'s', async () => {
    const file = await savedAandB();
    const unchanged = load(file);
    unchanged.get('a');
    unchanged.get('b');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"A"', '"A, marked"'));
    await unchanged.save();
    // Not written again: the mark stays.
    expect(readFileSync(file, 'utf8')).toContain('A, marked');
    const fewer = load(file);
    fewer.get('b');
    await fewer.save();
    const last = load(file);
    expect(last.get('a')).toBeUndefined();
    expect(last.get('b')).toEqual({ name: 'B' });
  });

  test('a torn file, or entries of another shape, are misses', async () => {
    const file = await savedAandB();
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('{"name":"B"}', '{"nom":"B"}'));
    expect(load(file).get('a')).toEqual({ name: 'A' });
    expect(load(file).get('b')).toBeUndefined();
    writeFileSync(file, text.slice(0, text.length - 5));
    expect(load(file).get('a')).toBeUndefined();
  });
});
