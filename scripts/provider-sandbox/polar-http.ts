import { json, type SandboxRequest, type SandboxResponse } from './http';

/**
 * Polar's conventions shared by its routes: the request's JSON object, the 422 list of validation issues, the 404
 * and 405 answers, and pages of lists.
 */

/** One validation issue, as Polar lists them under `detail`. */
export type Issue = { loc: (string | number)[]; msg: string; type: string };
export const invalid = (issues: Issue[]) => json(422, { detail: issues });
export const notFound = (detail = 'Not found') => json(404, { error: 'ResourceNotFound', detail });
export const missing = (...loc: (string | number)[]): Issue => ({ loc, msg: 'Field required', type: 'missing' });
export const methodNotAllowed = () => json(405, { detail: 'Method Not Allowed' });
/** The 422 for a body that is not a JSON object. */
export const notADictionary = () =>
  invalid([{ loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type' }]);

/** A page of a list: Polar's `{ items, pagination: { total_count, max_page } }`. */
export function page<T>(items: T[], url: URL): SandboxResponse {
  const pageNumber = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const issues: Issue[] = [];
  if (!Number.isInteger(pageNumber) || pageNumber < 1) {
    issues.push({ loc: ['query', 'page'], msg: 'Input should be greater than 0', type: 'greater_than' });
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    issues.push({ loc: ['query', 'limit'], msg: 'Input should be between 1 and 100', type: 'less_than_equal' });
  }
  if (issues.length > 0) return invalid(issues);
  return json(200, {
    items: items.slice((pageNumber - 1) * limit, pageNumber * limit),
    pagination: { total_count: items.length, max_page: Math.max(1, Math.ceil(items.length / limit)) },
  });
}

/** The request's JSON body when it is an object; null otherwise. */
export function body(request: SandboxRequest): Record<string, unknown> | null {
  const value = request.json;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
