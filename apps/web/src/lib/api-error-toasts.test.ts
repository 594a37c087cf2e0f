import { describe, expect, it } from 'vitest';
import { apiErrorToasts } from './api-error-toasts';

const texts = { apiError: 'Api Error', unknownError: 'Unknown error' };
const error = (title: string, message: string) => ({ type: 'error', title, message });

describe('error catalogue', () => {
  it('1. makes one toast per message of the errors object, titled with the response title', () => {
    const body = {
      title: 'Alert invalid',
      errors: { name: ['Name is required'], emails: ['E-Mail is required', 'E-Mail is invalid'] },
    };
    expect(apiErrorToasts(body, 'client', texts)).toEqual([
      error('Alert invalid', 'Name is required'),
      error('Alert invalid', 'E-Mail is required'),
      error('Alert invalid', 'E-Mail is invalid'),
    ]);
  });

  it("1. titles them 'Api Error' when the response has no title", () => {
    expect(apiErrorToasts({ errors: { 'body.name': ['Name is required'] } }, 'client', texts)).toEqual([
      error('Api Error', 'Name is required'),
    ]);
  });

  it("2. falls back to one 'Api Error' / 'Unknown error' toast when the errors object yields nothing", () => {
    expect(apiErrorToasts({ errors: {} }, 'client', texts)).toEqual([error('Api Error', 'Unknown error')]);
    expect(apiErrorToasts({ errors: { a: [], b: [''] } }, 'client', texts)).toEqual([
      error('Api Error', 'Unknown error'),
    ]);
  });

  it("3. without an errors object shows the body's message", () => {
    expect(apiErrorToasts({ message: 'Operating site 9 does not exist.' }, 'client', texts)).toEqual([
      error('Api Error', 'Operating site 9 does not exist.'),
    ]);
  });

  it("3. else the client's own message", () => {
    expect(apiErrorToasts(undefined, 'Failed to fetch', texts)).toEqual([error('Api Error', 'Failed to fetch')]);
    expect(apiErrorToasts('<html>Bad gateway</html>', 'GET /x failed with status 502', texts)).toEqual([
      error('Api Error', 'GET /x failed with status 502'),
    ]);
  });
});
