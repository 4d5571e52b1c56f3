// Who may create an account: the registration policy (src/server/auth/registration.ts).
import type { Access } from 'payload'
import { registrationOpen } from '../../src/server/auth/registration'

export const firstUserOrAuthenticated: Access = ({ req }) => registrationOpen(req)
