// The bench corpus as a Hugo site, so that Hugo builds the same pages in the same run.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { markdownFiles } from './markdown-files.mjs';

// A docs layout doing what a docs-gen page does: head, the section's pages as a sidebar, the
// table of contents, the body (Chroma highlights the code) and previous/next links.
const BASEOF = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} – {{ .Site.Title }}</title>
<meta name="description" content="{{ .Description }}"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><nav aria-label="Sidebar"><ul>{{ range .CurrentSection.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></nav>
<main><article><h1>{{ .Title }}</h1>{{ block "main" . }}{{ end }}</article>
<aside>{{ .TableOfContents }}</aside>
<nav aria-label="Pagination">{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>
</main></body></html>
`;
const PAGE = '{{ define "main" }}{{ .Content }}{{ end }}\n';

const CONFIG = `baseURL = "https://bench.example.com/"
title = "Bench"
disableKinds = ["taxonomy", "term", "RSS"]
[markup.tableOfContents]
startLevel = 2
endLevel = 3
`;

/**
 * Writes the docs-gen corpus in `corpusDir` as a Hugo site in `hugoDir`: each folder's
 * `index.md` becomes its `_index.md` (Hugo's section page), images go to `static/`.
 */
export function writeHugoSite(corpusDir, hugoDir) {
  rmSync(hugoDir, { recursive: true, force: true });
  const contentDir = join(corpusDir, 'content');
  for (const file of markdownFiles(contentDir)) {
    const path = relative(contentDir, file).replace(/\.mdx$/, '.md').replace(/(^|\/)index\.md$/, '$1_index.md');
    const target = join(hugoDir, 'content', path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, readFileSync(file));
  }
  cpSync(join(corpusDir, 'public'), join(hugoDir, 'static'), { recursive: true });
  for (const [path, text] of [
    ['hugo.toml', CONFIG],
    ['layouts/_default/baseof.html', BASEOF],
    ['layouts/_default/single.html', PAGE],
    ['layouts/_default/list.html', PAGE],
  ]) {
    mkdirSync(dirname(join(hugoDir, path)), { recursive: true });
    writeFileSync(join(hugoDir, path), text);
  }
}
