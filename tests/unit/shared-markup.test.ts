import { createElement } from 'react';
import { describe, expect, test } from 'vitest';
import { sharedMarkup } from '../../theme/components/shared-markup.ts';

describe('markup kept for the objects it follows from (sharedMarkup)', () => {
  test('is rendered once for the same owner and inputs, and again when an input or the owner is another', () => {
    const keep = sharedMarkup();
    let renders = 0;
    const render = (text: string) => () => (renders++, createElement('b', { title: text }, text));
    const owner = {};
    const config = { title: 'A' };
    expect(keep(owner, [config, 'en-US'], render('one'))).toBe('<b title="one">one</b>');
    // The same objects: the kept markup, not rendered again (even with another render given).
    expect(keep(owner, [config, 'en-US'], render('two'))).toBe('<b title="one">one</b>');
    expect(renders).toBe(1);
    // An input that is another object, though equal, or another string: rendered again.
    expect(keep(owner, [{ title: 'A' }, 'en-US'], render('three'))).toBe('<b title="three">three</b>');
    expect(keep(owner, [config, 'fr-FR'], render('four'))).toBe('<b title="four">four</b>');
    expect(keep({}, [config, 'fr-FR'], render('five'))).toBe('<b title="five">five</b>');
    expect(renders).toBe(4);
    // Each keeper is its own: another one does not answer from this one's markup.
    expect(sharedMarkup()(owner, [config, 'fr-FR'], render('six'))).toBe('<b title="six">six</b>');
  });
});
