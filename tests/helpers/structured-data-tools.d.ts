/** Types of the two structured-data tools the tests use; neither package ships its own. */
declare module '@marbec/web-auto-extractor' {
  export interface ExtractedData {
    /** Root items by their `@type` (an item of several types is listed under each). */
    jsonld: Record<string, Record<string, unknown>[]>;
    microdata: Record<string, Record<string, unknown>[]>;
    rdfa: Record<string, Record<string, unknown>[]>;
    errors?: { format: string; message: string }[];
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] });
    parse(html: string): ExtractedData;
  }
}

declare module '@adobe/structured-data-validator' {
  import type { ExtractedData } from '@marbec/web-auto-extractor';
  export interface ValidationIssue {
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    rootType?: string;
    fieldNames?: string[];
    path?: { type?: string | string[]; property?: string; index?: number }[];
  }
  export default class Validator {
    /** Without the schema.org vocabulary only Google's rich-result rules run. */
    constructor(schemaOrgJson?: unknown);
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
