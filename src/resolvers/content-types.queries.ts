import { CONTENT_TYPES } from '../domain/knowledge-base/content-types';

export function contentTypes(): string[] {
  return [...CONTENT_TYPES];
}
