// Only a signed-in administrator. There is one role: every user is an admin (spec §6).
import type { Access, FieldAccess } from 'payload'

export const authenticated: Access = ({ req }) => Boolean(req.user)

export const authenticatedField: FieldAccess = ({ req }) => Boolean(req.user)
