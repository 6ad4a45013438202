/**
 * Who is calling: a stored key scoped to partners, or the admin key that reaches them all. The
 * domain's own word (transcripts and completions belong to a caller's key); `auth` makes one
 * from a key, and the doors hand it in.
 */
export interface Caller {
  keyId: string;
  partners: ReadonlySet<string>;
  admin: boolean;
}

export function canAccessPartner(caller: Caller, partner: string): boolean {
  return caller.admin || caller.partners.has(partner);
}
