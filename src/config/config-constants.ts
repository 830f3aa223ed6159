// Beside the config's schema, not in it: loading schema.ts loads zod, which a build whose config
// was validated before never needs (`configVerdicts` in load-config.ts).

/** Generous: a big page renders in well under a second; only an endless loop gets near it. */
export const DEFAULT_EVALUATION_TIMEOUT_MS = 30_000;

/**
 * The year the footer's default copyright names (`© 2026 Documentation`). It is the one thing
 * besides its input that the schema reads, so a config validated in another year is validated
 * again (`configVerdicts` in load-config.ts salts by it); `config-verdicts.test.ts` holds schema.ts to that.
 */
export const COPYRIGHT_YEAR = new Date().getUTCFullYear();
