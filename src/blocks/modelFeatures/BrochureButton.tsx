/** "Download brochure": fetches the model from the API and opens its brochure in a new window. */
import { useState } from 'react';
import { openBrochure } from './brochure.ts';

interface Props {
  modelSlug: string;
  modelName: string;
}

export default function BrochureButton({ modelSlug, modelName }: Props) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await openBrochure(modelSlug, {
        fetch: (url) => fetch(url, { headers: { accept: 'application/json' } }),
        open: (url) => {
          window.open(url, '_blank', 'noopener');
        },
        error: (message, detail) => console.error(message, detail),
        warn: (message, detail) => console.warn(message, detail),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-secondary brochure-button"
      onClick={() => void onClick()}
      aria-busy={busy || undefined}
    >
      Download brochure<span className="visually-hidden"> for the {modelName} (opens in a new window)</span>
    </button>
  );
}
