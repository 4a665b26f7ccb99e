/**
 * One staff card, rendered statically by Team.astro (grouped layout) and by the tabs island.
 * Every link to the profile exists only when `card.href` does.
 */
import type { CSSProperties } from 'react';
import type { StaffCardData } from './staff-card.ts';

export const AVATAR_PX = 96;

interface Props {
  card: StaffCardData;
  /** Level of the name's heading, one below the heading it sits under. */
  level: 2 | 3 | 4;
  /** Load the avatar now (the block opens the page). */
  eager?: boolean;
}

export default function StaffCard({ card, level, eager = false }: Props) {
  const Name = `h${level}` as 'h2' | 'h3' | 'h4';
  return (
    <article className="staff-card">
      {card.avatarUrl ? (
        <img
          className="staff-avatar"
          src={card.avatarUrl}
          alt=""
          width={AVATAR_PX}
          height={AVATAR_PX}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <span className="staff-avatar staff-initials" aria-hidden="true">{card.initials}</span>
      )}
      <Name className="staff-name">{card.href ? <a href={card.href}>{card.name}</a> : card.name}</Name>
      {card.position && <p className="staff-position">{card.position}</p>}
      {card.phone && card.tel && (
        <p className="staff-phone">
          <a href={card.tel} aria-label={`Call ${card.name} on ${card.phone}`}>{card.phone}</a>
        </p>
      )}
      {card.rating && (
        <p className="stars">
          <span
            className="stars-track"
            style={{ '--rating': card.rating.percent } as CSSProperties}
            role="img"
            aria-label={card.rating.label}
          >
            ★★★★★
          </span>
          <span className="stars-text" aria-hidden="true">{card.rating.text}</span>
        </p>
      )}
      {card.bio && (
        <p className="staff-bio">
          {card.bio}
          {card.bioCut && card.href && (
            <>
              {' '}
              <a href={card.href}>
                Read more...<span className="visually-hidden">{` about ${card.name}`}</span>
              </a>
            </>
          )}
        </p>
      )}
    </article>
  );
}
