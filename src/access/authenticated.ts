// Any signed-in account, whatever its role (what each role may do: src/access/may.ts).
import type { Access, FieldAccess } from 'payload'

export const authenticated: Access = ({ req }) => Boolean(req.user)

export const authenticatedField: FieldAccess = ({ req }) => Boolean(req.user)
