/**
 * The relevance table (issue 9): realistic queries over the Rel documentation, each with the
 * pages a reader needs among the first three results. Add a row whenever content grows or a
 * reader reports a query that found the wrong page; never loosen a row to make it pass.
 */
export interface RelevanceRow {
  query: string;
  kind: 'title' | 'synonym' | 'question' | 'identifier' | 'misspelling';
  /** Every one of these routes must be among the first three pages. */
  top3: string[];
}

export const RELEVANCE_TABLE: RelevanceRow[] = [
  // Words of a page title.
  { query: 'schema', kind: 'title', top3: ['/rel/concepts/relational-knowledge-graphs/schema'] },
  { query: 'recursion', kind: 'title', top3: ['/rel/concepts/recursion'] },
  { query: 'integrity constraints', kind: 'title', top3: ['/rel/concepts/integrity-constraints', '/rel/ref/ic-reference'] },
  { query: 'modules', kind: 'title', top3: ['/rel/concepts/modules'] },
  { query: 'entities', kind: 'title', top3: ['/rel/concepts/entities'] },
  { query: 'csv import', kind: 'title', top3: ['/rel/how-to/csv-import'] },
  { query: 'csv export', kind: 'title', top3: ['/rel/how-to/csv-export'] },
  { query: 'json import', kind: 'title', top3: ['/rel/how-to/json-import-export'] },
  { query: 'python sdk', kind: 'title', top3: ['/rkgms/sdk/python-sdk'] },
  { query: 'go sdk', kind: 'title', top3: ['/rkgms/sdk/go-sdk'] },
  { query: 'engines', kind: 'title', top3: ['/rkgms/console/engines'] },
  { query: 'worksheets', kind: 'title', top3: ['/rkgms/console/worksheets'] },
  { query: 'glossary', kind: 'title', top3: ['/help/glossary'] },
  { query: 'operator precedence', kind: 'title', top3: ['/rel/ref/expressions/precedence'] },
  { query: 'standard library', kind: 'title', top3: ['/rel/ref/lib/stdlib'] },
  { query: 'vega-lite', kind: 'title', top3: ['/rel/how-to/data-visualization-vegalite'] },
  { query: 'graphviz', kind: 'title', top3: ['/rel/how-to/data-visualization-graphviz'] },
  { query: 'centrality', kind: 'title', top3: ['/preview/graph-analytics/reference/library-graph-centrality'] },
  { query: 'snowflake data streams', kind: 'title', top3: ['/preview/snowflake/data-management/data-streams'] },
  { query: 'portfolio optimization', kind: 'title', top3: ['/preview/optimization/examples/portfolio-optimization'] },
  { query: 'arity mismatch', kind: 'title', top3: ['/help/error-messages/arity-mismatch'] },
  { query: 'ungrounded variable', kind: 'title', top3: ['/help/error-messages/ungrounded-variable'] },
  { query: 'date and time', kind: 'title', top3: ['/rel/ref/data-types/time'] },
  { query: 'group by', kind: 'title', top3: ['/rel/primer/aggregations-groupby-joins'] },
  { query: 'basic syntax', kind: 'title', top3: ['/rel/primer/basic-syntax'] },
  // Identifiers as written in code.
  { query: ':syntax', kind: 'identifier', top3: ['/rel/how-to/csv-import'] },
  { query: 'def output', kind: 'identifier', top3: ['/rel/primer/basic-syntax'] },
  { query: 'ARITY_MISMATCH', kind: 'identifier', top3: ['/help/error-messages/arity-mismatch'] },
  { query: 'UNBOUND_VARIABLE', kind: 'identifier', top3: ['/help/error-messages/unbound-variable'] },
  { query: '@inline', kind: 'identifier', top3: ['/rel/ref/annotations'] },
  { query: 'load_csv', kind: 'identifier', top3: ['/rel/how-to/csv-import'] },
  { query: 'forall', kind: 'identifier', top3: ['/rel/ref/expressions/universal'] },
  { query: 'exists', kind: 'identifier', top3: ['/rel/ref/expressions/existential'] },
  // Misspellings and near misses.
  { query: 'aggregaton', kind: 'misspelling', top3: ['/rel/ref/expressions/aggregation'] },
  { query: 'entites', kind: 'misspelling', top3: ['/rel/concepts/entities'] },
  { query: 'modul', kind: 'misspelling', top3: ['/rel/concepts/modules'] },
  { query: 'recusion', kind: 'misspelling', top3: ['/rel/concepts/recursion'] },
  { query: 'integrty constraint', kind: 'misspelling', top3: ['/rel/concepts/integrity-constraints'] },
  { query: 'snowflak streams', kind: 'misspelling', top3: ['/preview/snowflake/data-management/data-streams'] },
  { query: 'glosary', kind: 'misspelling', top3: ['/help/glossary'] },
  // Questions as readers type them.
  { query: 'how do I import a CSV file', kind: 'question', top3: ['/rel/how-to/csv-import'] },
  { query: 'how to create an engine', kind: 'question', top3: ['/rkgms/console/engines'] },
  { query: 'what is a relational knowledge graph', kind: 'question', top3: ['/rel/concepts/relational-knowledge-graphs'] },
  { query: 'how to export json', kind: 'question', top3: ['/rel/how-to/json-import-export'] },
  { query: 'what does ungrounded mean', kind: 'question', top3: ['/help/error-messages/ungrounded-variable'] },
  // Other words for what a page is about.
  { query: 'cartesian product', kind: 'synonym', top3: ['/rel/ref/expressions/comma'] },
  { query: 'union', kind: 'synonym', top3: ['/rel/ref/expressions/semicolon'] },
  { query: 'dot join', kind: 'synonym', top3: ['/rel/ref/expressions/composition'] },
  { query: 'shortest path', kind: 'synonym', top3: ['/preview/graph-analytics/reference/library-graph-paths'] },
  { query: 'connected components', kind: 'synonym', top3: ['/preview/graph-analytics/reference/library-graph-components'] },
  { query: 'api credentials', kind: 'synonym', top3: ['/rkgms/sdk/sdk-configuration'] },
  // Pages the first rows did not reach (issue 9: keep it growing with the content).
  { query: 'facility location', kind: 'title', top3: ['/preview/optimization/examples/facility-location'] },
  { query: 'transportation problem', kind: 'title', top3: ['/preview/optimization/examples/transportation-problem'] },
  { query: 'reserved keyword', kind: 'title', top3: ['/help/error-messages/reserved-keyword'] },
  { query: 'javascript sdk', kind: 'title', top3: ['/rkgms/sdk/js-sdk'] },
  { query: 'julia', kind: 'title', top3: ['/rkgms/sdk/julia-sdk'] },
  { query: 'histogram', kind: 'title', top3: ['/rel/ref/lib/histogram'] },
  { query: 'transactions', kind: 'title', top3: ['/rkgms/concepts/database-transactions', '/rkgms/console/transactions'] },
  { query: 'SHADOWED_VARIABLE', kind: 'identifier', top3: ['/help/error-messages/shadowed-variable'] },
  { query: 'neighbours', kind: 'misspelling', top3: ['/preview/graph-analytics/basic-operations/neighbors'] },
  { query: 'abreviations', kind: 'misspelling', top3: ['/help/abbreviations'] },
  { query: 'how do I add a user', kind: 'question', top3: ['/rkgms/console/user-management'] },
  { query: 'if then else', kind: 'synonym', top3: ['/rel/ref/expressions/conditional'] },
  { query: 'syntax error', kind: 'synonym', top3: ['/help/error-messages/parse-error'] },
];
