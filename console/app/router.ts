import { useEffect, useState } from 'preact/hooks';

/**
 * Routes live in the hash (#/acme/voices/Ada), so /console is the only page the service
 * serves and a reload or a shared link opens the same view.
 */
export type Route =
  | { page: 'connect' }
  | { page: 'engines' }
  | { page: 'voices'; partner: string }
  | { page: 'voice'; partner: string; voice: string }
  | { page: 'knowledge-bases'; partner: string }
  | { page: 'knowledge-base'; partner: string; kb: string }
  | { page: 'document'; partner: string; kb: string; id: string }
  | { page: 'completions' }
  | { page: 'transcripts' }
  | { page: 'transcript'; id: string };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  const [first, second, third, fourth, fifth] = parts;
  if (first === 'engines') return { page: 'engines' };
  if (first === 'completions') return { page: 'completions' };
  if (first === 'transcripts') return third === undefined && second ? { page: 'transcript', id: second } : { page: 'transcripts' };
  if (first && second === 'voices') return third ? { page: 'voice', partner: first, voice: third } : { page: 'voices', partner: first };
  if (first && second === 'kbs') {
    if (third && fourth === 'documents' && fifth) return { page: 'document', partner: first, kb: third, id: fifth };
    return third ? { page: 'knowledge-base', partner: first, kb: third } : { page: 'knowledge-bases', partner: first };
  }
  return { page: 'connect' };
}

/** The href of a route; each part is encoded, so a name with a slash stays one part. */
export function href(...parts: string[]): string {
  return `#/${parts.map(encodeURIComponent).join('/')}`;
}

export function go(...parts: string[]): void {
  location.hash = href(...parts);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}
