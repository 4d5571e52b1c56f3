// The filter bar's Analyze All button (spec §2): "Analyzing..." and disabled while the
// batch runs, with the real count of photos done once the server reports progress;
// the spec's notices (§8) at the end.
'use client'
import { useNotify } from '@/components/notices'
import { useAnalyzeAll } from '@/lib/api/analyze-all'
import styles from './gallery.module.css'

export function AnalyzeAllButton() {
  const notify = useNotify()
  const analysis = useAnalyzeAll()
  const run = () =>
    analysis.mutate(undefined, {
      onSuccess: ({ analyzed }) => notify({ title: 'Analysis Complete', description: `Successfully analyzed ${analyzed} photos` }),
      onError: () => notify({ title: 'Analysis Failed', description: 'Failed to analyze photos. Please try again.', variant: 'destructive' }),
    })
  return (
    <>
      <button type="button" className={`${styles.button} ${styles.primary}`} onClick={run} disabled={analysis.isPending}>
        {analysis.isPending ? 'Analyzing...' : 'Analyze All'}
      </button>
      {analysis.isPending && analysis.count && (
        <span className={styles.hint} role="status" data-testid="analysis-progress">
          {analysis.count.done} of {analysis.count.total} photos analyzed
        </span>
      )}
    </>
  )
}
