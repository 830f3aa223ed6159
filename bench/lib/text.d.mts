/** Types of `text.mjs`, for the tests that make text with it. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
}

export function createRandom(seed: number): Random;
export const WORDS: string[];
export function capitalize(word: string): string;
export function slugify(text: string): string;
export function words(rand: Random, count: number): string[];
export function sentence(rand: Random): string;
export function paragraph(rand: Random): string;
export function titlePhrase(rand: Random, min: number, max: number): string;
