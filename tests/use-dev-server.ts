import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import type { DevMessage } from '../src/dev/dev-client.ts';
import { startDevServer, type DevServer, type DevServerOptions } from '../src/dev/dev-server.ts';
import { tempSite, type TempSite } from './helpers.ts';
import { devLogNoted, note } from './e2e/page-timeline.ts';

/** A dev server started once for the tests of a file or describe block. */
export interface DevServerUnderTest {
  /** The running server; set by the block's beforeAll, so read it inside a test. */
  readonly server: DevServer;
  /** The site's folder: the one given, or the temporary site made from the files given. */
  readonly root: string;
  /** Every message the tabs were sent, in order (with `socket: true`). */
  readonly messages: readonly DevMessage[];
  /** What dev printed as errors on the terminal. */
  readonly terminal: readonly string[];
  /** What dev printed as information (its warnings among it). */
  readonly printed: readonly string[];
  /** The server's address of `path`. */
  url(path: string): string;
  /**
   * The first message sent after the first `from` messages that passes `accept` (with `socket: true`).
   * No time limit of its own (the test's is the net): a busy machine only makes it wait longer.
   */
  messageAfter(from: number, accept?: (message: DevMessage) => boolean): Promise<DevMessage>;
  /**
   * Writes `text` to `file` (relative to the site) and waits until dev has handled a batch of
   * changes naming the file and told the tabs `type`, as its terminal line says (`docs-gen dev:
   * components/Logo.tsx → reload`); gives that batch's message. A message of an earlier batch
   * still arriving (a second report of an earlier save) is not taken for it.
   */
  save(file: string, text: string | Buffer, type: DevMessage['type']): Promise<DevMessage>;
}

/** What the server is started with besides the site, and whether a tab's socket listens from the start. */
export type UseDevServerOptions = Partial<Omit<DevServerOptions, 'root' | 'port' | 'host' | 'log'>> & { socket?: boolean };

/**
 * Starts `docs-gen dev` on 127.0.0.1 (a free port) in a beforeAll of the calling block and closes it
 * in an afterAll. `site` is a folder used as it is (or a function that gives it, for a folder an
 * earlier beforeAll makes; a function may instead give a temporary site it made, removed after the
 * server closed), or the files of a temporary site (path → contents) removed afterwards.
 */
export function useDevServer(site: string | (() => string | TempSite) | Record<string, string>, options: UseDevServerOptions = {}): DevServerUnderTest {
  const { socket: listen = false, ...serverOptions } = options;
  const messages: DevMessage[] = [];
  const terminal: string[] = [];
  const printed: string[] = [];
  /** When each line of `printed` was printed (`performance.now()`, the clock dev times its batches with). */
  const printedAt: number[] = [];
  let server: DevServer | undefined;
  let root: string | undefined;
  let socket: WebSocket | undefined;
  let cleanup = () => {};
  beforeAll(async () => {
    if (typeof site === 'string') root = site;
    else if (typeof site === 'function') {
      const made = site();
      if (typeof made === 'string') root = made;
      else ({ root, cleanup } = made);
    }
    else ({ root, cleanup } = tempSite(site));
    // Watching at once, as before the first answer started it (a test that edits files first
    // would otherwise wait out the delay); tests of that delay pass their own.
    // What dev prints and the tab hears goes on the timeline a failed test prints (page-timeline.ts) too.
    const log = {
      info: (line: string) => {
        printed.push(line);
        printedAt.push(performance.now());
        devLogNoted.info(line);
      },
      error: (text: string) => {
        terminal.push(text);
        devLogNoted.error(text);
      },
    };
    server = await startDevServer({ root, port: 0, host: '127.0.0.1', log, watchDelayMs: 0, ...serverOptions });
    if (!serverOptions.watchDelayMs) await server.watching();
    if (!listen) return;
    const tab = new WebSocket(`ws://127.0.0.1:${server.port}/__docs-gen/ws`);
    socket = tab;
    tab.on('message', (data) => {
      const message = JSON.parse(String(data)) as DevMessage;
      messages.push(message);
      note(`the test's socket heard ${message.type}`);
    });
    // A socket hears one message as it opens (the site's errors, else the changes told so far): a
    // test that waits for the first message after its save must not take that one for it.
    await new Promise((done) => tab.once('message', done));
  });
  afterAll(async () => {
    socket?.close();
    await server?.close();
    cleanup();
  });
  const started = <Value>(value: Value | undefined, what: string): Value => {
    if (value === undefined) throw new Error(`the dev server's ${what} is read before its beforeAll ran`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get root() {
      return started(root, 'root');
    },
    messages,
    terminal,
    printed,
    url: (path) => `http://127.0.0.1:${started(server, 'server').port}${path}`,
    async messageAfter(from, accept = () => true) {
      for (;;) {
        const found = messages.slice(from).find(accept);
        if (found) return found;
        await new Promise((done) => setTimeout(done, 10));
      }
    },
    async save(file, text, type) {
      const [fromMessage, fromLine] = [messages.length, printed.length];
      const writtenAt = performance.now();
      writeFileSync(join(started(root, 'root'), file), text);
      note(`test saved ${file}, waiting for dev to tell the tabs ${type}`);
      const told = (line: string) => line.endsWith(`ms)`) && line.includes(` → ${type} (`);
      // A batch that began before this write is an earlier save's, reported late (a second change
      // event of one write): its line names the file too, and a test that took it read the page
      // before dev saw this write. A line ends with the batch's time: it began that long before.
      const beganAfterWrite = (i: number) => printedAt[fromLine + i]! - Number(/\((\d+) ms\)$/.exec(printed[fromLine + i]!)?.[1]) >= writtenAt - 2;
      const naming = (line: string, i: number) => told(line) && line.slice('docs-gen dev: '.length, line.lastIndexOf(' → ')).split(', ').includes(file) && beganAfterWrite(i);
      for (;;) {
        const lines = printed.slice(fromLine);
        const at = lines.findIndex(naming);
        // Each line that told the tabs `type` is a message sent; the batch's is the one its line counts to.
        const sent = messages.slice(fromMessage).filter((m) => m.type === type);
        const count = lines.slice(0, at + 1).filter(told).length;
        if (at >= 0 && sent.length >= count) return sent[count - 1]!;
        await new Promise((done) => setTimeout(done, 10));
      }
    },
  };
}
