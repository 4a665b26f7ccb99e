import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrls } from '../../../src/lib/redact.ts';

describe('redactUrl', () => {
  it('masks a user name and password', () => {
    expect(redactUrl('https://acct:s3cret@valuations.example.com/v1')).toBe(
      'https://***:***@valuations.example.com/v1',
    );
    expect(redactUrl('https://token@hooks.example.com/x')).toBe('https://***@hooks.example.com/x');
  });
  it('masks every query value and keeps the names', () => {
    expect(redactUrl('https://crm.example.com/in?api_key=abc123&dealer=7#frag')).toBe(
      'https://crm.example.com/in?api_key=***&dealer=***',
    );
  });
  it('leaves a URL without credentials as it is', () => {
    expect(redactUrl('http://127.0.0.1:4390/applications')).toBe('http://127.0.0.1:4390/applications');
  });
  it('masks text that is not a URL whole', () => {
    expect(redactUrl('not a url with secret')).toBe('***');
    expect(redactUrl('crm:s3cret@host/x')).toBe('***');
    expect(redactUrl('file:///etc/passwd')).toBe('file:///etc/passwd');
  });
});

describe('redactUrls', () => {
  it('masks the credentials of every URL a message quotes, keeping the punctuation after it', () => {
    expect(redactUrls('POST https://u:p@a.example/x?k=1 failed: reset. See https://b.example/y.')).toBe(
      'POST https://***:***@a.example/x?k=*** failed: reset. See https://b.example/y.',
    );
  });
});
