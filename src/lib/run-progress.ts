// A run's progress as a percentage (the duplicate dialog's bar): 100 only once it is done, so a
// bar never reads full while work remains.
export function runPercent({ status, done, total }: { status: string; done: number; total: number }): number {
  if (status === 'done') return 100
  return total > 0 ? Math.min(99, Math.floor((100 * done) / total)) : 0
}
