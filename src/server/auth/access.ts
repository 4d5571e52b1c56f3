// Who may do what: the one access module (docs/properties-design.md §3.1). Pure: endpoints
// (src/server/http/endpoint.ts), collection and field access (src/access/may.ts) and the
// registration policy all ask `may`. An account acts only on the properties it belongs to:
// a platform admin on every one, the others on those assigned to them (the users' `properties`
// array, which plugin-multi-tenant adds); `belongsToProperty` is the one place that is read.
import { ACTIONS, ROLES, type Action, type Permissions, type Role } from '../../lib/roles'
import type { RunKind } from '../../lib/schemas/runs'

export { ACTIONS, ROLES, type Action, type Permissions, type Role }

/** Who is asking, as the rules see them: their account, role and assigned properties, or nobody (anonymous). */
export type Actor = { id: string; role: Role; properties: readonly string[] } | null

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
export function actorOf(user: { id: string | number; role?: unknown; properties?: unknown } | null | undefined): Actor {
  if (!user || !isRole(user.role)) return null
  return { id: String(user.id), role: user.role, properties: assignedProperties(user.properties) }
}

/** The ids in a user's `properties` array (rows of `{ property }`, the relation as an id or a record). */
function assignedProperties(rows: unknown): string[] {
  if (!Array.isArray(rows)) return []
  return rows.flatMap((row) => {
    const property = (row as { property?: unknown } | null)?.property
    const id = property && typeof property === 'object' ? (property as { id?: unknown }).id : property
    return typeof id === 'string' || typeof id === 'number' ? [String(id)] : []
  })
}

/** Whether the account acts on the property: the one place membership is read. */
function belongsToProperty(actor: NonNullable<Actor>, propertyId: string): boolean {
  return actor.role === 'platform-admin' || actor.properties.includes(propertyId)
}

/**
 * Whether the actor may take the action in the property. Without a property, whether the role
 * allows it at all: Payload's collection access asks so, and the multi-tenant plugin then keeps
 * the account's rows to its properties.
 */
export function may(actor: Actor, action: Action, propertyId?: string): boolean {
  if (!actor) return false
  if (propertyId !== undefined && !belongsToProperty(actor, propertyId)) return false
  return ROLE_ACTIONS[actor.role].has(action)
}

export function permissionsFor(actor: Actor, propertyId: string): Permissions {
  return Object.fromEntries(ACTIONS.map((action) => [action, may(actor, action, propertyId)])) as Permissions
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
  share: 'share photos by link',
  export: 'export photo packs for listing channels',
  'edit-photo': 'edit photos (rotate, straighten, crop, exposure)',
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
  export: 'export',
}
