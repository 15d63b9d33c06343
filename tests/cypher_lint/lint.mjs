// Lints Cypher statements with Neo4j's own parser and semantic analyser
// (@neo4j-cypher/language-support, pinned in package.json).
//
// stdin:  JSON [{"name": str, "query": str, "parameters"?: [str]}]
// stdout: JSON [{"name": str, "statements": int, "errors": [Diagnostic], "warnings": [Diagnostic]}]
//         where Diagnostic = {"message": str, "line": int, "column": int} (1-based) and
//         statements is how many statements Neo4j's parser splits the text into
//
// Every query is linted in this one Node process (starting Node costs ~2 s, a query ~30 ms).
// The schema below is graphproof's graph schema (labels, relationship types, property keys) plus
// the Cypher 5 procedure and function registries that the package ships (recorded from a real
// Neo4j server), so an unknown procedure or function is an error, as it would be on the server.
// `parameters` names the $parameters the caller will send; when omitted, every parameter the
// query uses is declared (the caller checks parameters itself).
import { lintCypherQuery, parseParameters, parseStatementsStrs, testData } from '@neo4j-cypher/language-support';

const CYPHER_VERSION = 'CYPHER 5';
const ERROR = 1; // vscode-languageserver DiagnosticSeverity.Error
const WARNING = 2;

const LABELS = ['Document', 'Chunk', 'Entity'];
const RELATIONSHIP_TYPES = ['PART_OF', 'MENTIONS', 'RELATED'];
const PROPERTY_KEYS = [
  // Document
  'id', 'source', 'title', 'hash', 'created_at', 'metadata',
  // Chunk
  'document_id', 'ordinal', 'text', 'embedding', 'tokens',
  // Entity
  'name', 'type', 'description',
  // RELATED
  'predicate', 'keywords', 'weight', 'chunk_ids', 'origin', 'source_url', 'confidence',
];

function readStdin() {
  return new Promise((resolve, reject) => {
    const chunks = [];
    process.stdin.on('data', (chunk) => chunks.push(chunk));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

function schemaFor(query, parameters) {
  const names = Array.isArray(parameters) ? parameters : parseParameters(query, false);
  return {
    labels: LABELS,
    relationshipTypes: RELATIONSHIP_TYPES,
    propertyKeys: PROPERTY_KEYS,
    parameters: Object.fromEntries(names.map((name) => [name, null])),
    procedures: { [CYPHER_VERSION]: testData.mockSchema.procedures[CYPHER_VERSION] },
    functions: { [CYPHER_VERSION]: testData.mockSchema.functions[CYPHER_VERSION] },
    defaultLanguage: CYPHER_VERSION,
  };
}

function diagnostic(d) {
  return { message: d.message, line: d.range.start.line + 1, column: d.range.start.character + 1 };
}

function lintOne({ name, query, parameters }) {
  if (typeof name !== 'string' || typeof query !== 'string') {
    const message = 'expected {name: string, query: string}';
    return { name: String(name), statements: 0, errors: [{ message, line: 0, column: 0 }], warnings: [] };
  }
  const { diagnostics } = lintCypherQuery(query, schemaFor(query, parameters), { consoleCommandsEnabled: false });
  return {
    name,
    statements: parseStatementsStrs(query).length,
    errors: diagnostics.filter((d) => d.severity === ERROR).map(diagnostic),
    warnings: diagnostics.filter((d) => d.severity === WARNING).map(diagnostic),
  };
}

const input = JSON.parse(await readStdin());
if (!Array.isArray(input)) {
  process.stderr.write('lint.mjs: expected a JSON array of {name, query} on stdin\n');
  process.exit(2);
}
process.stdout.write(JSON.stringify(input.map(lintOne)) + '\n');
