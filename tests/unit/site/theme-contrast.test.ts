import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../../src/content/issues.ts';
import { contrastRatio } from '../../../src/lib/contrast.ts';
import { shownRatio, themeContrastWarnings } from '../../../src/site/theme-contrast.ts';

describe('themeContrastWarnings', () => {
  it('names the field, the colour, its contrast, the shade used and its contrast', () => {
    const [w, ...more] = themeContrastWarnings('yellow', {
      theme: { primaryColor: '#f5b400', secondaryColor: '#0b3d5c' },
    });
    expect(more).toEqual([]);
    expect(w).toMatchObject({ dealer: 'yellow', file: 'site.json', path: 'theme.primaryColor' });
    const m =
      /^#f5b400 is (\d\.\d):1 on (.+?), below the 4\.5:1 text needs; text in this colour uses (#[0-9a-f]{6}) \((\d\.\d):1\)$/.exec(
        w!.message,
      );
    expect(m, w!.message).not.toBeNull();
    const [, given, where, shade, ratio] = m!;
    expect(given).toBe('1.6');
    expect(where).toMatch(/light grey panels/);
    expect(Number(ratio)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade!, '#f3f5f7')!).toBeGreaterThanOrEqual(4.5);
    expect(formatIssue(w!)).toMatch(/^yellow: site\.json at theme\.primaryColor: #f5b400 is/);
  });

  it('warns of each colour that needed a shade, the secondary too', () => {
    const w = themeContrastWarnings('d', { theme: { primaryColor: 'gold', secondaryColor: 'hsl(44 60% 81%)' } });
    expect(w.map((i) => i.path)).toEqual(['theme.primaryColor', 'theme.secondaryColor']);
    expect(w[1]!.message).toMatch(/^hsl\(44 60% 81%\) is/);
  });

  it('says nothing of colours that read, or of a site without a theme', () => {
    expect(themeContrastWarnings('d', { theme: { primaryColor: '#0b3d5c', secondaryColor: '#1a1a1a' } })).toEqual([]);
    expect(themeContrastWarnings('d', {})).toEqual([]);
    expect(themeContrastWarnings('d', { theme: { primaryColor: 'currentColor' } })).toEqual([]);
  });

  it('never rounds a ratio up to the level it misses', () => {
    expect(shownRatio(4.49)).toBe('4.4:1');
    expect(shownRatio(1.84)).toBe('1.8:1');
  });
});
