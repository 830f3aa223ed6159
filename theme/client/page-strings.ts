/**
 * The client scripts' UI strings, in the page's language: the JSON the server wrote into the page
 * (`CLIENT_STRINGS_ID`), read once. The dictionary itself never ships to the browser.
 */
import { CLIENT_STRINGS_ID } from '../../src/shared/client-strings-id.ts';
import type { ClientStrings } from '../../src/shared/ui-strings.ts';

let strings: ClientStrings | undefined;

export function pageStrings(): ClientStrings {
  strings ??= JSON.parse(document.getElementById(CLIENT_STRINGS_ID)?.textContent || '{}') as ClientStrings;
  return strings;
}
