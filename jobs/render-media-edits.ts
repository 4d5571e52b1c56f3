// The edit task of Payload's jobs queue (src/server/media/edit-renditions.ts): one saved edit
// version of a photo rendered from its original. Idempotent; a failure is retried, and a version
// superseded meanwhile ends cleanly.
import type { TaskConfig } from 'payload'
import { EDIT_TASK, renderEdits } from '../src/server/media/edit-renditions'

export const renderMediaEditsTask: TaskConfig<any> = {
  slug: EDIT_TASK,
  label: "Render a photo's saved edits",
  inputSchema: [
    { name: 'propertyId', type: 'text', required: true },
    { name: 'mediaId', type: 'text', required: true },
    { name: 'version', type: 'number', required: true },
  ],
  retries: 2,
  handler: async ({ input, req }) => {
    const outcome = await renderEdits(req.payload, String(input.propertyId), String(input.mediaId), Number(input.version))
    return { output: outcome }
  },
}
