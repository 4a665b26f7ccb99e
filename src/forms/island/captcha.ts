/**
 * The built-in captcha: "What is 4 + 7?". It is a speed bump for simple bots, checked in the
 * browser only (the server sees 'passed'); the honeypot field and the API's rate limits are the
 * real spam defences. No third-party service, no tracking, nothing to configure.
 */
export const CAPTCHA_PASSED = 'passed';

export interface Challenge {
  a: number;
  b: number;
}

/** Two numbers from 1 to 9 from `random` (a function like Math.random). */
export function makeChallenge(random: () => number): Challenge {
  const n = () => 1 + Math.floor(random() * 9);
  return { a: n(), b: n() };
}

/** A fixed challenge from a text (the same on the server and in the first browser render). */
export function seededChallenge(seed: string): Challenge {
  let h = 7;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  return { a: 1 + (h % 9), b: 1 + (Math.floor(h / 9) % 9) };
}

export function challengeQuestion(c: Challenge): string {
  return `What is ${c.a} + ${c.b}?`;
}

export function solves(c: Challenge, answer: string): boolean {
  return answer.trim() !== '' && Number(answer.trim()) === c.a + c.b;
}
