// Settings of the server the end-to-end tests start (playwright.config.ts), for the tests that
// depend on them.

/**
 * The upload backup's debounce on that server: a few seconds instead of the product's minute, so
 * the Backup panel's test sees the upload's own backup made without waiting a minute for it.
 */
export const E2E_UPLOAD_BACKUP_DEBOUNCE_MS = 5_000
