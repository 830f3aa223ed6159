/**
 * Draws the page's mermaid diagrams. Loaded only on pages that have one; mermaid itself is the
 * site's copy of its ES build (the URL the build wrote on the diagram), fetched on first use.
 * The fence's text reaches the page only as text and mermaid only through its strict sanitiser.
 */
interface Mermaid {
  initialize(config: { startOnLoad: boolean; securityLevel: 'strict'; theme: 'default' | 'dark' }): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

const isDark = () => document.documentElement.classList.contains('dark');

async function drawAll(mermaid: Mermaid, diagrams: HTMLElement[]): Promise<void> {
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: isDark() ? 'dark' : 'default' });
  for (const [index, diagram] of diagrams.entries()) {
    const source = diagram.querySelector('.mermaid-source')?.textContent ?? '';
    try {
      const { svg } = await mermaid.render(`mermaid-${index}`, source);
      let figure = diagram.querySelector<HTMLElement>('.mermaid-svg');
      if (!figure) {
        figure = document.createElement('div');
        figure.className = 'mermaid-svg';
        diagram.append(figure);
      }
      // mermaid's output, sanitised by mermaid itself (securityLevel 'strict').
      figure.innerHTML = svg;
      diagram.dataset.state = 'drawn';
    } catch {
      // A diagram mermaid cannot read stays as its text.
      diagram.dataset.state = 'error';
    }
  }
}

export async function renderMermaid(diagrams: NodeListOf<HTMLElement>): Promise<void> {
  const url = diagrams[0]!.dataset.mermaidModule!;
  const { default: mermaid } = (await import(/* the site's own copy */ url)) as { default: Mermaid };
  const list = [...diagrams];
  await drawAll(mermaid, list);
  // Theme-aware: redrawn in the other colour scheme when the reader switches.
  let dark = isDark();
  new MutationObserver(() => {
    if (isDark() === dark) return;
    dark = isDark();
    void drawAll(mermaid, list);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
}
