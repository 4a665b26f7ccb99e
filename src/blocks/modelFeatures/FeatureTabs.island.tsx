/**
 * Tabbed feature slides: one tab per slide, the first selected. All panels are server-rendered
 * (the others hidden); descriptions arrive as sanitised HTML. The brochure button sits under
 * the slides when the block knows its model.
 */
import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { tabIndexAfterKey } from '../team/tabs.ts';
import BrochureButton from './BrochureButton.tsx';

export interface FeatureSlide {
  tab: string;
  image: { url: string; alt?: string; width?: number; height?: number };
  subheading?: string;
  heading?: string;
  /** Sanitised HTML. */
  description?: string;
}

interface Props {
  idBase: string;
  slides: FeatureSlide[];
  /** Minimum height of a slide in px (data.componentHeight). */
  height?: number;
  overlay: boolean;
  /** Accessible name of the tab list. */
  label: string;
  /** The page's model: its slug for the brochure download, absent when the page has none. */
  brochure?: { slug: string; name: string };
  eager: boolean;
}

export default function FeatureTabs({ idBase, slides, height, overlay, label, brochure, eager }: Props) {
  const [selected, setSelected] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexAfterKey(e.key, selected, slides.length);
    if (next === undefined) return;
    e.preventDefault();
    setSelected(next);
    refs.current[next]?.focus();
  };

  const style = height ? ({ '--feature-height': `${Math.round(height)}px` } as CSSProperties) : undefined;
  return (
    <div className={overlay ? 'feature-tabs feature-overlay' : 'feature-tabs'} style={style}>
      {slides.length > 1 && (
        <div role="tablist" aria-label={label} className="feature-tablist" onKeyDown={onKeyDown}>
          {slides.map((s, i) => (
            <button key={i} ref={(el) => { refs.current[i] = el; }} type="button" role="tab"
              id={`${idBase}-tab-${i}`} aria-controls={`${idBase}-panel-${i}`} aria-selected={i === selected}
              tabIndex={i === selected ? 0 : -1} className="feature-tab" onClick={() => setSelected(i)}>
              {s.tab}
            </button>
          ))}
        </div>
      )}
      {slides.map((s, i) => (
        <div key={i} id={`${idBase}-panel-${i}`} className="feature-slide" hidden={i !== selected}
          {...(slides.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${idBase}-tab-${i}`, tabIndex: 0 } : {})}>
          <img className="feature-image" src={s.image.url} alt={s.image.alt ?? ''}
            width={s.image.width ? Math.round(s.image.width) : undefined}
            height={s.image.height ? Math.round(s.image.height) : undefined}
            loading={eager && i === 0 ? 'eager' : 'lazy'} decoding="async" />
          {(s.subheading || s.heading || s.description) && (
            <div className="feature-text">
              {s.subheading && <p className="feature-subheading">{s.subheading}</p>}
              {s.heading && <h2 className="feature-heading">{s.heading}</h2>}
              {s.description && <div className="feature-description" dangerouslySetInnerHTML={{ __html: s.description }} />}
            </div>
          )}
        </div>
      ))}
      {brochure && (
        <p className="feature-brochure">
          <BrochureButton modelSlug={brochure.slug} modelName={brochure.name} />
        </p>
      )}
    </div>
  );
}
