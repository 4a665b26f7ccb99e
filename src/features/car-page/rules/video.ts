/**
 * The car's walk-around video (content format 1.2 `video_url`) as a slide of the gallery: which
 * player it needs and the address that player loads, only once the shopper presses play.
 * - YouTube (watch, youtu.be, shorts, embed, live): embedded from www.youtube-nocookie.com.
 * - Vimeo (vimeo.com/ID, with an unlisted video's hash, or player.vimeo.com): dnt=1.
 * - A video file (.mp4, .webm, .m4v, .mov), on the dealer's site or elsewhere: a native <video>.
 * Anything else that is still a web address stays a plain "Watch the video" link (videoHref).
 */
import { videoHref } from './gallery.ts';

export type VideoSource =
  | { provider: 'youtube'; id: string; embedUrl: string; watchUrl: string }
  | { provider: 'vimeo'; id: string; embedUrl: string; watchUrl: string }
  | { provider: 'file'; src: string; watchUrl: string };

/** What the gallery names each host as. */
export const PROVIDER_NAMES: Record<'youtube' | 'vimeo', string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);
const VIDEO_FILE = /\.(mp4|m4v|webm|mov)$/i;

/** "1m30s", "90s" or "90" → 90; undefined when it is not a time. */
function seconds(t: string | null): number | undefined {
  if (!t) return undefined;
  if (/^\d+$/.test(t)) return Number(t);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(t);
  if (!m || !t) return undefined;
  const total = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  return total > 0 ? total : undefined;
}

function youtubeId(url: URL): string | undefined {
  const host = url.hostname.replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (host === 'youtu.be') id = parts[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

function vimeo(url: URL): { id: string; hash?: string } | undefined {
  const host = url.hostname.replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com') {
    const id = parts[0] === 'video' ? parts[1] : undefined;
    const hash = url.searchParams.get('h') ?? undefined;
    return id && /^\d+$/.test(id) ? { id, ...(hash && /^[0-9a-f]+$/i.test(hash) ? { hash } : {}) } : undefined;
  }
  if (host !== 'vimeo.com') return undefined;
  const at = parts.findIndex((p) => /^\d+$/.test(p));
  if (at < 0) return undefined;
  const hash = parts[at + 1];
  return { id: parts[at]!, ...(hash && /^[0-9a-f]{6,}$/i.test(hash) ? { hash } : {}) };
}

/** The video's player and addresses, or undefined when it is no video the gallery can play. */
export function videoSource(raw: string | undefined): VideoSource | undefined {
  const href = videoHref(raw);
  if (!href) return undefined;
  if (href.startsWith('/')) {
    return VIDEO_FILE.test(href.split(/[?#]/)[0]!) ? { provider: 'file', src: href, watchUrl: href } : undefined;
  }
  const url = new URL(href);
  const yt = youtubeId(url);
  if (yt) {
    const start = seconds(url.searchParams.get('t') ?? url.searchParams.get('start'));
    const q = new URLSearchParams({ autoplay: '1', rel: '0', ...(start ? { start: String(start) } : {}) });
    return {
      provider: 'youtube',
      id: yt,
      embedUrl: `https://www.youtube-nocookie.com/embed/${yt}?${q}`,
      watchUrl: `https://www.youtube.com/watch?v=${yt}${start ? `&t=${start}s` : ''}`,
    };
  }
  const vm = vimeo(url);
  if (vm) {
    const q = new URLSearchParams({ ...(vm.hash ? { h: vm.hash } : {}), dnt: '1', autoplay: '1' });
    return {
      provider: 'vimeo',
      id: vm.id,
      embedUrl: `https://player.vimeo.com/video/${vm.id}?${q}`,
      watchUrl: `https://vimeo.com/${vm.id}${vm.hash ? `/${vm.hash}` : ''}`,
    };
  }
  if (VIDEO_FILE.test(url.pathname)) return { provider: 'file', src: href, watchUrl: href };
  return undefined;
}

/** The hosts a site's videos embed from, for its Content-Security-Policy's frame-src. */
export const VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
