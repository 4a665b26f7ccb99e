/**
 * The inline scripts of <head> on a site with a tag manager container. The first: the Consent
 * Mode v2 default (denied when opting in, granted under a notice), the remembered choice as an
 * update, and `window.dealerLoadTags()`, the one loader of the container, which loads it at most
 * once and tells the page (TAGS_EVENT, so that the manufacturer's data layer starts then); it
 * also notes whether the container may load now (`dealerTagsAllowed`: the remembered choice, or a
 * notice not opted out of, grants analytics or marketing). An analytics page's page view is
 * pushed next (SiteLayout), and START_TAGS_SCRIPT then loads the container when allowed, so the
 * container reads the consent default first and the page view before any event of its own.
 * The banner calls the same loader once the visitor agrees.
 * Plain ES5 text, a few hundred bytes, allowed by their hashes in the site's Content-Security-Policy.
 */
import {
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  LOAD_TAGS_FUNCTION,
  TAGS_ALLOWED_FLAG,
  TAGS_EVENT,
  TAGS_STARTED_FLAG,
  consentDefaultArgs,
  type ConsentConfig,
} from './consent.ts';

export { LOAD_TAGS_FUNCTION, TAGS_ALLOWED_FLAG, TAGS_STARTED_FLAG };

/** The last head script: loads the container now when the choice in force allows it. */
export const START_TAGS_SCRIPT = `window.${TAGS_ALLOWED_FLAG}&&window.${LOAD_TAGS_FUNCTION}();`;

export const TAG_MANAGER_SCRIPT = 'https://www.googletagmanager.com/gtm.js?id=';

export function consentHeadScript(config: ConsentConfig & { gtmId: string }): string {
  const [, , defaults] = consentDefaultArgs(config.mode);
  const settings = JSON.stringify([config.mode, config.gtmId, CONSENT_STORAGE_KEY, CONSENT_VERSION]);
  return `(function(w,d,c){var m=c[0],l=w.dataLayer=w.dataLayer||[],s=null;function g(){l.push(arguments)}w.gtag=w.gtag||g;
w.gtag('consent','default',${JSON.stringify(defaults)});
try{s=JSON.parse(localStorage.getItem(c[2]))}catch(e){}
if(!s||s.v!==c[3]||typeof s.analytics!='boolean'||typeof s.marketing!='boolean')s=null;
if(s){var a=s.marketing?'granted':'denied';w.gtag('consent','update',{ad_storage:a,ad_user_data:a,ad_personalization:a,analytics_storage:s.analytics?'granted':'denied'})}
w.${LOAD_TAGS_FUNCTION}=function(){if(w.${TAGS_STARTED_FLAG})return;w.${TAGS_STARTED_FLAG}=true;l.push({'gtm.start':new Date().getTime(),event:'gtm.js'});var j=d.createElement('script');j.async=true;j.src='${TAG_MANAGER_SCRIPT}'+c[1];d.head.appendChild(j);w.dispatchEvent(new Event('${TAGS_EVENT}'))};
w.${TAGS_ALLOWED_FLAG}=!!(s?s.analytics||s.marketing:m==='notice')})(window,document,${settings});`;
}
