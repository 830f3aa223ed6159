/** Types of `report.mjs`, for the tests of its figures. */
export function median(values: readonly number[]): number;
export function againstLimit(value: number, limit: number, options?: { digits?: number; unit?: string; below?: boolean }): { figure: string; met: boolean };
