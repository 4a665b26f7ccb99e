import { describe, expect, it } from 'vitest';
import { tagColours } from './colours.ts';

describe('tag colours', () => {
  it('maps theme names to theme colours with a readable text colour', () => {
    expect(tagColours({})).toEqual({ background: 'var(--color-primary)', text: '#fff' });
    expect(tagColours({ backgroundColor: 'Secondary' })).toEqual({
      background: 'var(--color-secondary)',
      text: '#000',
    });
    expect(tagColours({ backgroundColor: 'light', textColor: 'primary' })).toEqual({
      background: 'var(--color-soft)',
      text: 'var(--color-primary)',
    });
    expect(tagColours({ backgroundColor: 'warning' })).toEqual({ background: '#f0b400', text: '#000' });
  });

  it("reads the dealer's theme colour to choose text on primary and secondary", () => {
    expect(tagColours({}, { primaryColor: '#ffd400' }).text).toBe('#000');
    expect(tagColours({ backgroundColor: 'secondary' }, { secondaryColor: '#101010' }).text).toBe('#fff');
  });

  it('prefers custom colours, and ignores unknown names and unsafe values', () => {
    expect(tagColours({ backgroundColor: 'primary', customBackgroundColor: '#ffffff' })).toEqual({
      background: '#ffffff',
      text: '#000',
    });
    expect(tagColours({ textColor: 'white', customTextColor: '#123456' }).text).toBe('#123456');
    expect(tagColours({ backgroundColor: 'tartan', customBackgroundColor: 'red;x:y{}' })).toEqual({
      background: 'var(--color-primary)',
      text: '#fff',
    });
    expect(tagColours({ backgroundColor: 'constructor' }).background).toBe('var(--color-primary)');
  });
});

describe('tag text stays readable', () => {
  it('replaces an editor text colour that fails AA contrast on its background', async () => {
    const { tagColours } = await import('./colours.ts');
    const { contrastRatio } = await import('../../lib/contrast.ts');
    const c = tagColours({ backgroundColor: 'custom', customBackgroundColor: '#14a3a3', customTextColor: '#ffffff' });
    expect(c.text).toBe('#000');
    expect(contrastRatio(c.text, c.background)!).toBeGreaterThanOrEqual(4.5);
    const kept = tagColours({ customBackgroundColor: '#0b3d5c', customTextColor: '#ffffff' });
    expect(kept.text).toBe('#ffffff');
    const themed = tagColours({ backgroundColor: 'secondary', customTextColor: '#fff' }, { secondaryColor: '#14a3a3' });
    expect(themed.text).toBe('#000');
  });
});
