// The property calls beyond Payload's REST: removing one names it by id and confirms with its name.
import { z } from 'zod'

export const propertyIdParamsSchema = z.object({ id: z.uuid('The property id is not valid.') })

export const removePropertySchema = z
  .object({ confirm: z.string("Type the property's name to confirm its removal.").max(500) })
  .strict()
