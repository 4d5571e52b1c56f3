// Long work with progress (docs/architecture.md §11 Runs): every analysis, duplicate scan, backup and
// restore is one row here, started or joined by src/server/runs/start-run.ts and followed
// through GET /api/runs/{id}. Written only by that service (SQL, in the transaction that
// queues the run's jobs); Payload describes the table, and accounts read the runs of the kinds
// they may start. Hidden from the admin's navigation: the gallery screen shows runs where they happen.
import type { CollectionConfig } from 'payload'
import { nobody } from '../../src/access/nobody'
import { strictQuery, strictWrite } from '../../src/hooks/strict-rest'
import { RUN_KINDS, RUN_STATUSES } from '../../src/lib/schemas/runs'
import { runsItMayStart } from './access'

export const Runs: CollectionConfig = {
  slug: 'runs',
  admin: { hidden: true, useAsTitle: 'kind', defaultColumns: ['kind', 'status', 'done', 'total', 'createdAt'] },
  defaultSort: '-createdAt',
  access: {
    read: runsItMayStart,
    create: nobody,
    update: nobody,
    delete: nobody,
  },
  hooks: { beforeOperation: [strictQuery, strictWrite] },
  fields: [
    { name: 'kind', type: 'select', required: true, options: [...RUN_KINDS], index: true },
    { name: 'status', type: 'select', required: true, defaultValue: 'running', options: [...RUN_STATUSES] },
    { name: 'done', type: 'number', required: true, defaultValue: 0, admin: { description: 'Work done so far (photos, files examined).' } },
    { name: 'total', type: 'number', required: true, defaultValue: 0 },
    { name: 'step', type: 'text', admin: { description: 'Where a backup or restore is, while it runs.' } },
    { name: 'error', type: 'text' },
    { name: 'errorStatus', type: 'number', admin: { description: 'The HTTP status a failure answers.' } },
    {
      name: 'detail',
      type: 'json',
      admin: { description: 'What the run was asked and owes: analysis { force }, restore { backupId, tidy }.' },
    },
    { name: 'result', type: 'json', admin: { description: "The run's answer once done: { analyzed }, { duplicateGroups }, { backupFile }, { message }." } },
    { name: 'startedBy', type: 'relationship', relationTo: 'users' },
    { name: 'finishedAt', type: 'date' },
  ],
}
