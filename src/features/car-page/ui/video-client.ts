/**
 * The gallery's video slide in the browser (Gallery.astro): pressing play puts the player in the
 * slide. A video file plays in the browser's own <video controls>; a YouTube or Vimeo player is
 * embedded (youtube-nocookie.com, Vimeo with dnt=1) only with marketing consent: without it, the
 * slide asks in place ("Allow and play", or "Watch on YouTube" in a new tab). Nothing is fetched
 * from the video's host before the press.
 */
import { CONSENT_EVENT, type ConsentMode } from '../../consent/rules/consent.ts';
import { currentConsent, grantMarketing } from '../../consent/rules/choice.ts';

export function startVideoSlide(slide: HTMLElement): void {
  const play = slide.querySelector<HTMLButtonElement>('[data-play]');
  const src = slide.dataset.player;
  if (!play || !src) return;
  const provider = slide.dataset.provider;
  const title = slide.dataset.title ?? '';
  const mode: ConsentMode = slide.dataset.consentMode === 'notice' ? 'notice' : 'opt_in';
  const ask = slide.querySelector<HTMLElement>('[data-video-consent]');

  const mount = (player: HTMLElement) => {
    for (const el of slide.querySelectorAll('.vdp-poster, [data-play], [data-video-consent]')) el.remove();
    slide.classList.add('is-playing');
    slide.append(player);
    player.focus();
  };

  const embed = () => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.title = `Video of the ${title}`;
    frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
    frame.allowFullscreen = true;
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    frame.className = 'vdp-player';
    mount(frame);
  };

  play.addEventListener('click', () => {
    if (provider === 'file') {
      const video = document.createElement('video');
      video.controls = true;
      video.playsInline = true;
      video.preload = 'auto';
      video.src = src;
      video.className = 'vdp-player';
      video.setAttribute('aria-label', `Video of the ${title}`);
      mount(video);
      void video.play().catch(() => {});
      return;
    }
    if (currentConsent(mode).marketing) return embed();
    if (!ask) return;
    play.hidden = true;
    ask.hidden = false;
    ask.querySelector<HTMLElement>('p')?.focus();
  });
  ask?.querySelector('[data-video-allow]')?.addEventListener('click', () => {
    grantMarketing(mode);
    embed();
  });
  // Consent given elsewhere (the banner) while the question shows: the slide is ready to play again.
  window.addEventListener(CONSENT_EVENT, () => {
    if (ask && !ask.hidden && currentConsent(mode).marketing) {
      ask.hidden = true;
      play.hidden = false;
    }
  });
}

/** Pauses the slide's own video player when the gallery moves away from it. */
export function pauseVideo(slide: HTMLElement | undefined): void {
  slide?.querySelector('video')?.pause();
}
