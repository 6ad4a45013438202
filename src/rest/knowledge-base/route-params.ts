import type { FastifyRequest } from 'fastify';

export type KbParams = { partner: string; kb: string };
export type FolderParams = KbParams & { folder: string };
export type DocParams = KbParams & { doc_id: string };
export type ContentParams = DocParams & { type: string };
export type Req<P> = FastifyRequest<{ Params: P }>;
