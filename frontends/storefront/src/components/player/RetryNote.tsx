/**
 * A part of the course view that could not be loaded (its lessons, a lesson's questions): what
 * failed and another try. The storefront's own, not the shared `LoadError`: that one would be
 * compiled into the remote's first chunk (its `Loading` is there), which every first visit pays.
 */
export function RetryNote({ message, retry, onRetry }: { message: string; retry: string; onRetry: () => void }) {
  return (
    <p className="muted" role="alert">
      {message}{' '}
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        {retry}
      </button>
    </p>
  );
}
