import type { z } from 'zod';

/** An answer that is a file, not JSON. */
export interface FileAnswer {
  file: string;
  description: string;
}

/** What the document says about one route beyond its own request schemas. */
export interface RouteDoc {
  tag: string;
  summary: string;
  description?: string;
  /** The success answer (200 unless `status` says otherwise). */
  answer: z.ZodType | FileAnswer;
  status?: number;
  /**
   * The request body of a route that reads it itself (multipart or JSON, parsed in the handler):
   * documented here only, never given to Fastify, which would validate it a second time.
   */
  body?: { schema: z.ZodType; contentTypes: string[] };
  /** Error answers beyond those the route's configuration implies (see errorStatuses). */
  errors?: number[];
  /** Other answers with their own shape (e.g. the health check's 503). */
  others?: Record<number, z.ZodType>;
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An Excel workbook answer. */
export const xlsx = (description: string): FileAnswer => ({ file: XLSX, description });
