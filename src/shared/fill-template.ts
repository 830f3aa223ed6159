/**
 * What client scripts need of the dictionary module without its dictionaries: a page's own
 * bundle imports this, not `ui-strings.ts` (whose French and Arabic tables would ship with it).
 */

/** `template` with each `{name}` replaced by `values[name]`. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}
