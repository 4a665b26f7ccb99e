/**
 * The colour picker: a variant row (first variant selected), an optional body-type row, the
 * photo of the chosen colour with wrap-around arrows, and one swatch button per colour. The
 * server renders the first variant's first colour, so the photo shows without JavaScript.
 */
import { useState } from 'react';
import { MODEL_IMAGE_BOX } from '../../lib/images.ts';
import {
  bodyTypeForVariant,
  initialPickerState,
  shownColours,
  variantForBodyType,
  wrapIndex,
  type PickerData,
  type PickerState,
} from './model-colours.ts';

interface Props {
  data: PickerData;
  modelName: string;
  /** The model's picture for a model whose colours have no photo. */
  fallbackPhoto?: string;
}

export default function ColourPicker({ data, modelName, fallbackPhoto }: Props) {
  const [state, setState] = useState<PickerState>(() => initialPickerState(data));
  const colours = shownColours(data.swatches, data.variants[state.variant], state.bodyType);
  const colourIndex = wrapIndex(state.colour, colours.length);
  const colour = colours[colourIndex];

  const chooseVariant = (variant: number) =>
    setState((s) => ({ variant, bodyType: bodyTypeForVariant(data, variant, s.bodyType), colour: 0 }));
  const chooseBodyType = (bodyType: string) =>
    setState((s) => ({ variant: variantForBodyType(data, bodyType, s.variant), bodyType, colour: 0 }));
  const step = (by: number) => setState((s) => ({ ...s, colour: wrapIndex(colourIndex + by, colours.length) }));

  const photo = colour?.photo || fallbackPhoto;
  return (
    <div className="colour-picker">
      {data.variants.length > 1 && (
        <div role="group" aria-label="Variant" className="picker-row">
          {data.variants.map((v, i) => (
            <button
              key={`${v.key}-${i}`}
              type="button"
              className="picker-option"
              aria-pressed={i === state.variant}
              onClick={() => chooseVariant(i)}
            >
              {v.label}
            </button>
          ))}
        </div>
      )}
      {data.bodyTypes.length > 0 && (
        <div role="group" aria-label="Body type" className="picker-row picker-row-body">
          {data.bodyTypes.map((t) => (
            <button
              key={t}
              type="button"
              className="picker-option"
              aria-pressed={t === state.bodyType}
              onClick={() => chooseBodyType(t)}
            >
              {t}
            </button>
          ))}
        </div>
      )}
      <figure className="colour-stage">
        <div className="colour-photo">
          {colours.length > 1 && (
            <button
              type="button"
              className="colour-arrow colour-prev"
              aria-label="Previous colour"
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
          )}
          {photo && (
            <img
              src={photo}
              alt={colour ? `${modelName} in ${colour.name}` : modelName}
              width={MODEL_IMAGE_BOX.width}
              height={MODEL_IMAGE_BOX.height}
              decoding="async"
              loading="lazy"
            />
          )}
          {colours.length > 1 && (
            <button type="button" className="colour-arrow colour-next" aria-label="Next colour" onClick={() => step(1)}>
              <span aria-hidden="true">›</span>
            </button>
          )}
        </div>
        {colour && (
          <figcaption className="colour-name" aria-live="polite">
            {colour.name}
            {colours.length > 1 && (
              <span className="colour-count">
                {' '}
                ({colourIndex + 1} of {colours.length})
              </span>
            )}
          </figcaption>
        )}
      </figure>
      {colours.length > 0 && (
        <div role="group" aria-label="Colours" className="swatches">
          {colours.map((c, i) => (
            <button
              key={c.id}
              type="button"
              className="swatch"
              aria-label={c.name}
              title={c.name}
              aria-pressed={i === colourIndex}
              style={{ background: c.hex }}
              onClick={() => setState((s) => ({ ...s, colour: i }))}
            />
          ))}
        </div>
      )}
    </div>
  );
}
