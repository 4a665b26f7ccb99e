/** How far through the form the visitor is: a bar with "Step n of N", or just the words. */
export interface ProgressProps {
  id: string;
  /** 1-based position of the current step on the visitor's path. */
  step: number;
  total: number;
  complete: boolean;
  compact: boolean;
}

/**
 * Percent shown: the share of the path reached, counting the step on screen (step 1 of 3 fills a
 * third), so the bar is never empty while the visitor is on the form; 100 once submitted.
 */
export function progressPercent(step: number, total: number, complete: boolean): number {
  if (complete) return 100;
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(step, 1), total) / total) * 100);
}

export default function Progress({ id, step, total, complete, compact }: ProgressProps) {
  const text = complete ? 'Complete' : `Step ${step} of ${total}`;
  if (compact)
    return (
      <p className="form-progress-text" id={id}>
        {text}
      </p>
    );
  const percent = progressPercent(step, total, complete);
  return (
    <div className="form-progress">
      <p className="form-progress-text" id={id}>
        {text}
      </p>
      <progress className="form-progress-bar" aria-labelledby={id} max={100} value={percent}>
        {percent}%
      </progress>
    </div>
  );
}
