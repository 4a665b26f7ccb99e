/**
 * What a staff card shows, decided once on the server: plain, serialisable data that the same
 * StaffCard component renders statically (grouped layout) and inside the tabs island.
 */
import { starRating } from '../../lib/rating.ts';
import type { StaffMember } from '../../content/entities.ts';
import type { Site } from '../../content/site.ts';
import { phoneText, telHref } from '../../lib/contact.ts';
import { profileHref } from '../../domain/routes.ts';
import { plainText } from '../../lib/sanitize.ts';
import { BIO_PREVIEW_CHARS, truncate } from '../../lib/text.ts';

export type StaffRating = import('../../lib/rating.ts').StarRatingView;

export interface StaffCardData {
  id: string;
  name: string;
  position?: string;
  /** As written by the CMS, with non-breaking spaces. */
  phone?: string;
  tel?: string;
  avatarUrl?: string;
  /** Up to two letters shown in place of a missing avatar. */
  initials: string;
  rating?: StaffRating;
  /** The bio's plain text, cut to BIO_PREVIEW_CHARS when longer. */
  bio?: string;
  /** True when `bio` was cut: the card then offers 'Read more...' (when it has a profile). */
  bioCut: boolean;
  /** The profile page; absent when the site or the member has none (then nothing links to it). */
  href?: string;
}

/** "Mary-Jane O'Brien" → "MO"; "Cher" → "C". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = [words[0], words.length > 1 ? words[words.length - 1] : undefined]
    .map((w) => (w ? Array.from(w)[0]! : ''))
    .join('');
  return letters.toUpperCase();
}

/** The rating as the stars show it (same wording as src/components/StarRating.astro). */
/** The rating of a staff card, worded as everywhere else. */
export const staffRating = starRating;

/** The bio preview: whole when BIO_PREVIEW_CHARS or fewer characters of plain text, else cut. */
export function bioPreview(bio: string | undefined): { text?: string; cut: boolean } {
  const text = plainText(bio);
  if (!text) return { cut: false };
  if (text.length <= BIO_PREVIEW_CHARS) return { text, cut: false };
  return { text: truncate(text, BIO_PREVIEW_CHARS), cut: true };
}

export function toStaffCard(site: Site, member: StaffMember): StaffCardData {
  const bio = bioPreview(member.bio);
  // Non-breaking spaces keep a phone number on one line.
  const phone = member.phone?.trim() ? phoneText(member.phone) : undefined;
  return {
    id: String(member.id),
    name: member.name,
    position: member.position || undefined,
    phone,
    tel: phone ? telHref(phone) : undefined,
    avatarUrl: member.avatar_url || undefined,
    initials: initials(member.name),
    rating: member.rating !== undefined ? staffRating(member.rating, member.reviews_count) : undefined,
    bio: bio.text,
    bioCut: bio.cut,
    href: profileHref(site, member),
  };
}
