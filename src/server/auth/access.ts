// Who may do what: the one access module (docs/properties-design.md §3.1). Pure: endpoints
// (src/server/http/endpoint.ts), collection and field access (src/access/may.ts) and the
// registration policy all ask `may`. An account acts only on the properties it belongs to;
// with one property today every account belongs to it (`belongsToProperty`), and assigned
// properties will be read there and nowhere else.
import { ACTIONS, ROLES, type Action, type Permissions, type Role } from '../../lib/roles'
import type { RunKind } from '../../lib/schemas/runs'

export { ACTIONS, ROLES, type Action, type Permissions, type Role }

/** Who is asking, as the rules see them: their account and role, or nobody (anonymous). */
export type Actor = { id: string; role: Role } | null

const EDITOR_ACTIONS: readonly Action[] = ['view-hidden', 'edit-metadata', 'edit-room']
const PLATFORM_ONLY: readonly Action[] = ['manage-accounts', 'manage-properties']

const ROLE_ACTIONS: Record<Role, ReadonlySet<Action>> = {
  'platform-admin': new Set(ACTIONS),
  'property-manager': new Set(ACTIONS.filter((action) => !PLATFORM_ONLY.includes(action))),
  'content-editor': new Set(EDITOR_ACTIONS),
}

const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value)

/**
 * The actor of a signed-in user record (Payload's req.user), or null. An account without a
 * known role (a record written outside the product) may do nothing beyond a visitor.
 */
export function actorOf(user: { id: string | number; role?: unknown } | null | undefined): Actor {
  if (!user || !isRole(user.role)) return null
  return { id: String(user.id), role: user.role }
}

/**
 * Whether the account acts on the property: the one place membership is read. With one
 * property every account belongs to it; assigned properties (design §3.1) are checked here.
 */
function belongsToProperty(_actor: NonNullable<Actor>): boolean {
  return true
}

export function may(actor: Actor, action: Action): boolean {
  if (!actor || !belongsToProperty(actor)) return false
  return ROLE_ACTIONS[actor.role].has(action)
}

export function permissionsFor(actor: Actor): Permissions {
  return Object.fromEntries(ACTIONS.map((action) => [action, may(actor, action)])) as Permissions
}

/** What the 403 names: "Your account may not <this>." */
const REFUSED: Record<Action, string> = {
  'view-hidden': 'see hidden media',
  'edit-metadata': 'edit descriptions, tags or notes',
  'edit-room': 'change rooms',
  place: 'move media between sections or hide them',
  reorder: 'reorder media',
  upload: 'upload media',
  delete: 'delete media',
  analyze: 'analyze media',
  scan: 'scan for duplicates',
  backup: 'make or download backups',
  restore: 'restore backups',
  'edit-settings': 'change the property settings or sections',
  'manage-accounts': 'manage accounts',
  'manage-properties': 'manage properties',
}

export function refusalMessage(action: Action): string {
  return `Your account may not ${REFUSED[action]}.`
}

/** Following a run (GET /api/runs…) takes the action that starts a run of its kind. */
export const RUN_KIND_ACTIONS: Record<RunKind, Action> = {
  analysis: 'analyze',
  duplicates: 'scan',
  backup: 'backup',
  restore: 'restore',
}
