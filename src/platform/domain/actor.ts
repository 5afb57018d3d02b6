export type ActorRole = 'admin' | 'manager' | 'salesperson' | 'public' | 'system';

/** Who acts: a member of staff, a visitor of the public site, or the system itself. */
export interface Actor {
  id: string | null;
  name: string;
  role: ActorRole;
}

export const SYSTEM_ACTOR: Actor = { id: null, name: 'system', role: 'system' };
export const PUBLIC_ACTOR: Actor = { id: null, name: 'public', role: 'public' };
