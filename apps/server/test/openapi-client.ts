import { compileErrors, validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/** What a standard validator (@readme/openapi-parser) finds wrong with the document; empty when valid. */
export async function openApiProblems(document: object): Promise<string> {
  // validate() dereferences in place: give it a copy.
  const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
  return result.valid ? '' : compileErrors(result);
}

/** Generates a client's types with openapi-typescript and type-checks them strictly; the diagnostics, or empty. */
export async function generatedClientDiagnostics(document: object): Promise<string> {
  const source = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
  const fileName = 'cbm-api.d.ts';
  // Only the generated file and the standard library: no @types package of this repository gets in.
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile;
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.getSourceFile = (name, version) =>
    name === fileName
      ? ts.createSourceFile(name, source, version)
      : ts.createSourceFile(name, ts.sys.readFile(name) ?? '', version);
  const program = ts.createProgram([fileName], options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  });
}
