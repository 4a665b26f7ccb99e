/**
 * The car gallery in the browser (Gallery.astro). Without this script the photos still swipe
 * and the thumbnails still jump to their photo; with it the gallery gains previous/next buttons,
 * arrow keys, the photo count and the full-screen view (of the photos: the video slide, when the
 * car has one, plays in place, video-client.ts). No framework: a few hundred bytes.
 */
import { countText, indexAtScroll, indexForKey, stepIndex } from '../rules/gallery.ts';
import { pauseVideo, startVideoSlide } from './video-client.ts';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function startGallery(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-track]');
  if (!track) return;
  const slides = [...track.children] as HTMLElement[];
  const count = slides.length;
  const videoSlide = slides.find((s) => s.hasAttribute('data-video-slide'));
  if (videoSlide) startVideoSlide(videoSlide);
  // Full screen shows the photos only.
  const photoCount = videoSlide ? count - 1 : count;
  const stage = track.parentElement!;
  const thumbs = [...root.querySelectorAll<HTMLAnchorElement>('[data-thumb]')];
  const dialog = root.querySelector<HTMLDialogElement>('[data-dialog]');
  const fullPhoto = dialog?.querySelector<HTMLImageElement>('.vdp-full-photo');
  let index = 0;
  let fullIndex = 0;

  const show = (i: number) => {
    if (slides[i] !== videoSlide) pauseVideo(videoSlide);
    index = i;
    for (const el of stage.querySelectorAll('[data-count]')) el.textContent = countText(i, count);
    thumbs.forEach((t, n) => {
      if (n === i) t.setAttribute('aria-current', 'true');
      else t.removeAttribute('aria-current');
    });
  };

  // The photo a thumbnail, arrow or key asked for while the track glides to it: the scroll events
  // on the way would otherwise name the photos it passes (the count flickering back, full screen
  // opening on the wrong photo). A finger or a finished scroll ends it.
  let target: number | undefined;
  const go = (i: number, smooth = true) => {
    show(i);
    const left = i * track.clientWidth;
    target = Math.abs(track.scrollLeft - left) < 1 ? undefined : i;
    track.scrollTo({ left, behavior: smooth && !reducedMotion() ? 'smooth' : 'auto' });
    thumbs[i]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  let pending = 0;
  track.addEventListener(
    'scroll',
    () => {
      if (pending) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        const i = indexAtScroll(track.scrollLeft, track.clientWidth, count);
        if (target !== undefined) {
          if (i === target && Math.abs(track.scrollLeft - i * track.clientWidth) < 1) target = undefined;
          return;
        }
        if (i !== index) show(i);
      });
    },
    { passive: true },
  );
  track.addEventListener(
    'scrollend',
    () => {
      target = undefined;
    },
    { passive: true },
  );
  track.addEventListener(
    'pointerdown',
    () => {
      target = undefined;
    },
    { passive: true },
  );

  track.addEventListener('keydown', (e) => {
    const i = indexForKey(e.key, index, count);
    if (i === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    go(i);
  });
  thumbs.forEach((t, n) =>
    t.addEventListener('click', (e) => {
      e.preventDefault();
      go(n);
    }),
  );
  for (const b of stage.querySelectorAll<HTMLButtonElement>('[data-prev], [data-next]')) {
    b.hidden = false;
    b.addEventListener('click', () => go(stepIndex(index, b.hasAttribute('data-next') ? 1 : -1, count)));
  }
  for (const el of stage.querySelectorAll<HTMLElement>('[data-count]')) el.hidden = false;

  if (!dialog || !fullPhoto) return;
  const fullCount = dialog.querySelector('[data-count]');
  const showFull = (i: number) => {
    fullIndex = i;
    const img = slides[i]?.querySelector('img');
    if (img) {
      // The slide's own candidates, drawn across the whole screen.
      if (img.srcset) {
        fullPhoto.srcset = img.srcset;
        fullPhoto.sizes = '100vw';
      }
      fullPhoto.src = img.getAttribute('src') ?? img.src;
      fullPhoto.alt = img.alt;
    }
    if (fullCount) fullCount.textContent = countText(i, photoCount);
  };
  const open = () => {
    showFull(Math.min(index, photoCount - 1));
    dialog.showModal();
  };
  for (const b of stage.querySelectorAll<HTMLButtonElement>('[data-open]')) {
    b.hidden = false;
    b.addEventListener('click', open);
  }
  track.addEventListener('click', (e) => {
    if ((e.target as Element).closest('img.vdp-photo')) open();
  });
  dialog.querySelector('[data-close]')?.addEventListener('click', () => dialog.close());
  for (const b of dialog.querySelectorAll<HTMLButtonElement>('[data-prev], [data-next]')) {
    b.addEventListener('click', () => showFull(stepIndex(fullIndex, b.hasAttribute('data-next') ? 1 : -1, photoCount)));
  }
  dialog.addEventListener('keydown', (e) => {
    const i = indexForKey(e.key, fullIndex, photoCount);
    if (i === undefined) return;
    e.preventDefault();
    showFull(i);
  });
  // A click on the backdrop (outside the dialog's box) closes it, as on most galleries.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) {
      const r = dialog.getBoundingClientRect();
      const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
      if (!inside) dialog.close();
    }
  });
  // Back on the page, the main photo is the one last seen full screen.
  dialog.addEventListener('close', () => {
    if (fullIndex !== index) go(fullIndex, false);
  });
}

export function startGalleries(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-gallery]')) startGallery(root);
}
