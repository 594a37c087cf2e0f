import ts from 'typescript';

/** A path's segments; a parameter (`:name`, or an interpolation `${…}` of the code) is `:`. */
const segmentsOf = (path: string) => path.split('/').map((segment) => (segment.startsWith(':') ? ':' : segment));

/** Whether the code's path is an endpoint's path, or its start (a base path the code would add to). */
function startsEndpoint(code: readonly string[], endpoint: readonly string[]): boolean {
  if (code.length > endpoint.length) return false;
  return code.every((segment, index) => segment === endpoint[index] || (endpoint[index] === ':' && segment !== ':'));
}

/** The texts of a file's string and template literals; each interpolation of a template stands as `:`. */
function literalsOf(fileName: string, source: string): { text: string; line: number }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) {
      text = node.head.text + node.templateSpans.map((span) => `:${span.literal.text}`).join('');
    }
    if (text !== undefined)
      found.push({ text, line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The endpoint paths written by hand in the given files (decision 133): any `/api/v2`, and any literal that is an
 * endpoint's path or the start of one (a base path). The web names endpoints by their definitions only.
 */
export function handWrittenEndpoints(
  files: Readonly<Record<string, string>>,
  endpointPaths: readonly string[],
  prefix: string,
): string[] {
  const endpoints = endpointPaths.map(segmentsOf);
  return Object.entries(files).flatMap(([fileName, source]) =>
    literalsOf(fileName, source)
      .filter(({ text }) => {
        if (text.includes(prefix)) return true;
        if (!text.startsWith('/')) return false;
        const code = segmentsOf(text.split('?')[0] ?? text);
        return (
          code.some((segment) => segment !== '' && segment !== ':') && endpoints.some((e) => startsEndpoint(code, e))
        );
      })
      .map(({ text, line }) => `${fileName}:${line} ${text}`),
  );
}
