/**
 * Mutations of the rows of docs/spec-coverage.md for the shopper's consent, tags, video and chat:
 * the remembered choice and its version, the Consent Mode signals, when the container may load,
 * which sites ask at all, the video players' privacy addresses and the SMS link. Listed by ../list.ts.
 */
import { row, u, type Mutation } from '../kit.ts';

export const mutations: Mutation[] = [
  ...row(
    "The choice is remembered on the dealer's own origin with a version",
    [u('consent')],
    [
      {
        id: 'consent-version',
        find: "if (v.v !== version || typeof v.analytics !== 'boolean'",
        replace: "if (typeof v.analytics !== 'boolean'",
        why: 'a choice made under an older version of the policy is asked again',
      },
    ],
  ),
  ...row(
    "Consent Mode v2: `gtag('consent','default',…)` denied",
    [u('consent')],
    [
      {
        id: 'consent-analytics-signal',
        find: "analytics_storage: choice.analytics ? 'granted' : 'denied',",
        replace: "analytics_storage: 'granted',",
        why: 'analytics_storage follows the analytics choice',
      },
      {
        id: 'consent-notice-default',
        find: "return stored ?? (mode === 'notice' ? ACCEPT_ALL : REJECT_ALL);",
        replace: 'return stored ?? ACCEPT_ALL;',
        why: 'opting in grants nothing until the visitor chooses',
      },
    ],
  ),
  ...row(
    'Opting in (the default): no request to googletagmanager.com before a grant',
    [u('consent')],
    [
      {
        id: 'consent-container-gate',
        find: "=!!(s?s.analytics||s.marketing:m==='notice')",
        replace: '=true',
        why: 'the container loads only with a grant, or under a notice not opted out of',
      },
    ],
  ),
  ...row(
    'The banner: fixed to the bottom (no layout shift)',
    [u('consent')],
    [
      {
        id: 'consent-only-when-needed',
        find: 'if (!gtmId && !chatScript) return undefined;',
        replace: '',
        why: 'a site with neither a container nor a chat script ships no consent script',
      },
    ],
  ),
  ...row(
    "A car's video (YouTube watch, youtu.be, shorts, embed",
    [u('consent')],
    [
      {
        id: 'video-youtube-nocookie',
        find: 'embedUrl: `https://www.youtube-nocookie.com/embed/${yt}?${q}`,',
        replace: 'embedUrl: `https://www.youtube.com/embed/${yt}?${q}`,',
        why: 'YouTube is embedded from its no-cookie host',
      },
      {
        id: 'video-vimeo-dnt',
        find: "dnt: '1'",
        replace: "dnt: '0'",
        why: 'Vimeo is embedded with do-not-track',
      },
    ],
  ),
  ...row(
    'Text us: `sms:<number>?&body=…`',
    [u('consent')],
    [
      {
        id: 'sms-body-encoded',
        find: 'return `sms:${number}?&body=${encodeURIComponent(body)}`;',
        replace: 'return `sms:${number}?&body=${encodeURI(body)}`;',
        why: "the message is percent-encoded whole, so '&' and '#' in it end nothing",
      },
    ],
  ),
];
