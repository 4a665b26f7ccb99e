/**
 * One staff card: photo (or initials), name, position, rating, the bio preview and a call
 * button. Team.astro renders it on the server for both layouts, so no card code ships to the
 * browser. Every link to the profile exists only when `card.href` does.
 */
import type { CSSProperties } from 'react';
import type { StaffCardData } from './staff-card.ts';

/** Declared size of an avatar: photos are square, and the card shows them in a square frame. */
export const AVATAR_PX = 96;

interface Props {
  card: StaffCardData;
  /** Level of the name's heading, one below the heading it sits under. */
  level: 2 | 3 | 4;
  /** Load the avatar now (the block opens the page). */
  eager?: boolean;
}

export default function StaffCard({ card, level, eager = false }: Props) {
  const Name = `h${level}` as const;
  return (
    <article className="card staff-card">
      <div className="card-media staff-media">
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
          <span className="staff-avatar staff-initials" aria-hidden="true">
            {card.initials}
          </span>
        )}
      </div>
      <div className="card-body staff-body">
        <Name className="staff-name">{card.href ? <a href={card.href}>{card.name}</a> : card.name}</Name>
        {card.position && <p className="staff-position">{card.position}</p>}
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
            <span className="stars-text" aria-hidden="true">
              {card.rating.text}
            </span>
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
        {card.phone && card.tel && (
          <p className="staff-phone">
            <a
              className="btn btn-secondary staff-call"
              href={card.tel}
              aria-label={`Call ${card.name} on ${card.phone}`}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" focusable="false">
                <path
                  fill="currentColor"
                  d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z"
                />
              </svg>
              {card.phone}
            </a>
          </p>
        )}
      </div>
    </article>
  );
}
