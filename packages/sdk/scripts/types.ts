import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from './openapi-document.ts';

const HEADER = '// Generated from the service\'s OpenAPI document by packages/sdk/scripts/generate.ts. Do not edit.\n/* eslint-disable */\n';

export async function generatedTypes(): Promise<string> {
  const document = await openApiDocument();
  const ast = await openapiTS(document as never, { alphabetize: true });
  return HEADER + astToString(ast);
}
