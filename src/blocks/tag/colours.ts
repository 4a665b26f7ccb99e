/**
 * Tag colours. `backgroundColor` and `textColor` are theme names; `customBackgroundColor` and
 * `customTextColor` are CSS colours and win over the names. The names map as follows:
 *
 * | name      | colour                          | text on it by default        |
 * |-----------|---------------------------------|------------------------------|
 * | primary   | the dealer's primary colour     | black or white, by contrast  |
 * | secondary | the dealer's secondary colour   | black or white, by contrast  |
 * | dark      | the body text colour            | white                        |
 * | muted     | the muted text colour           | white                        |
 * | light     | the soft grey surface           | black                        |
 * | white     | white                           | black                        |
 * | black     | black                           | white                        |
 * | success   | green #1b6e33                   | white                        |
 * | danger    | red #b3261e                     | white                        |
 * | warning   | amber #f0b400                   | black                        |
 * | info      | blue #0b6e99                    | white                        |
 *
 * Without any background the tag uses the primary colour. An unknown name or an unsafe custom
 * colour is ignored, as if it were absent.
 */
import { safeColour } from '../../site/theme.ts';
import { readableTextOn, readableChoice } from '../../lib/contrast.ts';

type Ink = '#000' | '#fff';
interface Named {
  css: string;
  ink: Ink;
  /** The site theme colour behind `css`, read to choose the ink. */
  theme?: 'primaryColor' | 'secondaryColor';
}

const NAMED: Record<string, Named> = {
  primary: { css: 'var(--color-primary)', ink: '#fff', theme: 'primaryColor' },
  secondary: { css: 'var(--color-secondary)', ink: '#000', theme: 'secondaryColor' },
  dark: { css: 'var(--color-text)', ink: '#fff' },
  muted: { css: 'var(--color-muted)', ink: '#fff' },
  light: { css: 'var(--color-soft)', ink: '#000' },
  white: { css: '#fff', ink: '#000' },
  black: { css: '#000', ink: '#fff' },
  success: { css: '#1b6e33', ink: '#fff' },
  danger: { css: '#b3261e', ink: '#fff' },
  warning: { css: '#f0b400', ink: '#000' },
  info: { css: '#0b6e99', ink: '#fff' },
};

function named(name: string | undefined): Named | undefined {
  const key = name?.trim().toLowerCase();
  return key && Object.hasOwn(NAMED, key) ? NAMED[key] : undefined;
}

export interface TagColourChoice {
  backgroundColor?: string;
  customBackgroundColor?: string;
  textColor?: string;
  customTextColor?: string;
}

export interface TagColours {
  background: string;
  text: string;
}

/** The background and text colours of a tag, as CSS values safe for a style attribute. */
export function tagColours(
  data: TagColourChoice,
  theme: { primaryColor?: string; secondaryColor?: string } = {},
): TagColours {
  const chosenText = safeColour(data.customTextColor) ?? named(data.textColor)?.css;
  const customBackground = safeColour(data.customBackgroundColor);
  if (customBackground) {
    return {
      background: customBackground,
      text: readableChoice(chosenText, customBackground) ?? readableTextOn(customBackground) ?? '#fff',
    };
  }
  const base = named(data.backgroundColor) ?? NAMED.primary!;
  const ink = (base.theme && readableTextOn(theme[base.theme])) || base.ink;
  const measured = (base.theme && theme[base.theme]) || base.css;
  return { background: base.css, text: readableChoice(chosenText, measured) ?? ink };
}
