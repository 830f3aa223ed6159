/**
 * A local fake of the hosted search API on 127.0.0.1, for the client's unit tests and the
 * modal's browser tests. One server per host; each behaves as told: a good host answers
 * queries over a few fixed records, a silent one never answers, one returns 500, one returns
 * malformed JSON. A good host can be held (to see the modal's stalled state) or switched to 500.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLocalhost } from './listen-on-localhost.ts';

export type HostBehaviour = 'good' | 'silent' | 'error500' | 'malformed';

export interface FakeRecord {
  objectID: string;
  url: string;
  type: 'content' | 'lvl1' | 'lvl2';
  content: string | null;
  hierarchy: { lvl0: string; lvl1: string; lvl2?: string | null };
}

export interface FakeHost {
  origin: string;
  behaviour: HostBehaviour;
  /** Bodies and query strings of the requests received, in order. */
  requests: { search: string; body: string }[];
  /** While true, answers wait until `release()`. */
  hold: boolean;
  release(): void;
  close(): Promise<void>;
}

export const FAKE_APP_ID = 'TESTAPP';
export const FAKE_API_KEY = 'search-only-key';

export const FAKE_RECORDS: FakeRecord[] = [
  { objectID: 'schema-1', url: '/guide/schema', type: 'lvl1', content: null, hierarchy: { lvl0: 'Guide', lvl1: 'Schema' } },
  { objectID: 'schema-2', url: '/guide/schema#keys', type: 'content', content: 'Every relation of the schema has keys that identify <its> tuples, one for each entity of the model.', hierarchy: { lvl0: 'Guide', lvl1: 'Schema', lvl2: 'Keys' } },
  { objectID: 'schema-3', url: '/reference/schema-api', type: 'lvl1', content: null, hierarchy: { lvl0: 'Reference', lvl1: 'Schema API' } },
  { objectID: 'joins-1', url: '/guide/joins', type: 'content', content: 'A join combines two relations on their shared variables.', hierarchy: { lvl0: 'Guide', lvl1: 'Joins', lvl2: null } },
];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** As the service does: the value HTML-escaped, the query word wrapped in the highlight tags. */
function highlight(text: string, word: string, pre: string, post: string): { value: string; matchLevel: string } {
  const escaped = escapeHtml(text);
  const at = escaped.toLowerCase().indexOf(word);
  if (!word || at < 0) return { value: escaped, matchLevel: 'none' };
  return { value: `${escaped.slice(0, at)}${pre}${escaped.slice(at, at + word.length)}${post}${escaped.slice(at + word.length)}`, matchLevel: 'full' };
}

function answer(body: string): unknown {
  const request = (JSON.parse(body) as { requests: { params: { query: string; highlightPreTag: string; highlightPostTag: string } }[] }).requests[0]!;
  const { query, highlightPreTag: pre, highlightPostTag: post } = request.params;
  const word = query.trim().toLowerCase();
  const matches = FAKE_RECORDS.filter((record) => [record.content, ...Object.values(record.hierarchy)].some((text) => text?.toLowerCase().includes(word)));
  const hits = matches.map((record) => {
    const levels = Object.fromEntries(Object.entries(record.hierarchy).filter(([, text]) => text).map(([level, text]) => [level, highlight(text!, word, pre, post)]));
    return {
      ...record,
      _highlightResult: { hierarchy: levels, ...(record.content ? { content: highlight(record.content, word, pre, post) } : {}) },
      _snippetResult: { hierarchy: levels, ...(record.content ? { content: highlight(record.content, word, pre, post) } : {}) },
    };
  });
  return { results: [{ hits, nbHits: hits.length * 7, query }] };
}

export async function startFakeHost(behaviour: HostBehaviour): Promise<FakeHost> {
  let waiting: (() => void)[] = [];
  const open = new Set<ServerResponse>();
  const host: FakeHost = {
    origin: '',
    behaviour,
    requests: [],
    hold: false,
    release() {
      const now = waiting;
      waiting = [];
      now.forEach((run) => run());
    },
    close: () =>
      new Promise<void>((done) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  const respond = (request: IncomingMessage, response: ServerResponse, body: string) => {
    const headers = { 'access-control-allow-origin': '*', 'content-type': 'application/json' };
    const url = new URL(request.url ?? '/', 'http://fake');
    if (host.behaviour === 'silent') return void open.add(response);
    if (host.behaviour === 'error500') return void response.writeHead(500, headers).end(JSON.stringify({ message: 'Internal error', status: 500 }));
    if (host.behaviour === 'malformed') return void response.writeHead(200, headers).end('{"results": [{"hits": [');
    if (url.pathname !== '/1/indexes/*/queries') return void response.writeHead(404, headers).end(JSON.stringify({ message: 'Not found', status: 404 }));
    if (url.searchParams.get('x-algolia-application-id') !== FAKE_APP_ID || url.searchParams.get('x-algolia-api-key') !== FAKE_API_KEY) {
      return void response.writeHead(403, headers).end(JSON.stringify({ message: 'Invalid Application-ID or API key', status: 403 }));
    }
    response.writeHead(200, headers).end(JSON.stringify(answer(body)));
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      host.requests.push({ search: new URL(request.url ?? '/', 'http://fake').search, body });
      if (host.hold) waiting.push(() => respond(request, response, body));
      else respond(request, response, body);
    });
  });
  host.origin = await listenOnLocalhost(server);
  return host;
}
