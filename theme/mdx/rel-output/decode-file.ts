/**
 * What the rel-output copier runs on each output file (it loads this module by URL): the
 * viewer's own decoder checks it, so the build fails exactly where the viewer would, and the
 * theme renders the relations it returns.
 */
import type { RelOutputRelation } from '../../../src/shared/types.ts';
import { decodeOutput, OutputFormatError } from './decode.ts';

export type DecodeResult = { ok: true; relations: RelOutputRelation[] } | { ok: false; reason: string };

export function decodeOutputFile(input: { text: string }): DecodeResult {
  try {
    return { ok: true, relations: decodeOutput(input.text) };
  } catch (error) {
    if (error instanceof OutputFormatError) return { ok: false, reason: error.message };
    throw error;
  }
}
