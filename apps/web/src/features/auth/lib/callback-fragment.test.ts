import { describe, expect, it } from 'vitest';
import { INVALID_TOKEN_MESSAGE, UNKNOWN_ERROR_MESSAGE, parseCallbackFragment } from './callback-fragment';

describe('parseCallbackFragment', () => {
  it('reads a password-recovery link', () => {
    expect(parseCallbackFragment('#access_token=abc.def&type=recovery')).toEqual({
      kind: 'recovery',
      token: 'abc.def',
    });
  });

  it('reads sign-up and email-change confirmation links', () => {
    expect(parseCallbackFragment('#access_token=t1&type=signup')).toEqual({ kind: 'signup', token: 't1' });
    expect(parseCallbackFragment('#type=email_change&access_token=t2')).toEqual({ kind: 'email_change', token: 't2' });
  });

  it('decodes URL-encoded tokens', () => {
    expect(parseCallbackFragment('#access_token=a%2Bb%3D&type=signup')).toEqual({ kind: 'signup', token: 'a+b=' });
  });

  it('shows the error description when the link carries an error', () => {
    expect(
      parseCallbackFragment('#error=access_denied&error_description=Email+link+is+invalid+or+has+expired'),
    ).toEqual({
      kind: 'error',
      message: 'Email link is invalid or has expired',
    });
  });

  it('falls back to a generic message for an error without a description', () => {
    expect(parseCallbackFragment('#error=server_error')).toEqual({ kind: 'error', message: UNKNOWN_ERROR_MESSAGE });
    expect(parseCallbackFragment('#error=x&error_description=%20')).toEqual({
      kind: 'error',
      message: UNKNOWN_ERROR_MESSAGE,
    });
  });

  it('prefers an error over a token', () => {
    expect(parseCallbackFragment('#access_token=t&type=signup&error=denied&error_description=No')).toEqual({
      kind: 'error',
      message: 'No',
    });
  });

  it('reads an error from the query string too', () => {
    expect(parseCallbackFragment('', '?error=invalid_request&error_description=Bad+state')).toEqual({
      kind: 'error',
      message: 'Bad state',
    });
  });

  it('refuses a missing token or an unknown type', () => {
    expect(parseCallbackFragment('')).toEqual({ kind: 'error', message: INVALID_TOKEN_MESSAGE });
    expect(parseCallbackFragment('#type=recovery')).toEqual({ kind: 'error', message: INVALID_TOKEN_MESSAGE });
    expect(parseCallbackFragment('#access_token=%20&type=signup')).toEqual({
      kind: 'error',
      message: INVALID_TOKEN_MESSAGE,
    });
    expect(parseCallbackFragment('#access_token=t&type=magiclink')).toEqual({
      kind: 'error',
      message: INVALID_TOKEN_MESSAGE,
    });
    expect(parseCallbackFragment('#access_token=t')).toEqual({ kind: 'error', message: INVALID_TOKEN_MESSAGE });
  });
});
