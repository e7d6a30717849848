import { describe, expect, it } from 'vitest';
import { displayFieldMessage, toastsForFailure, type FailedCall } from '../src/errors.js';

const call = (over: Partial<FailedCall>): FailedCall => ({
  status: 500,
  url: '/api/drivers',
  headers: {},
  body: null,
  ...over,
});

describe('failed-call toasts (part 1 §8)', () => {
  it('says the server is not reachable for status 0', () => {
    expect(toastsForFailure(call({ status: 0 }))).toEqual(['Server not reachable']);
  });

  it('prefers the app-error header on a 400', () => {
    const headers = { 'x-evfleetapp-error': 'Login name already used!', 'x-evfleetapp-params': 'user' };
    expect(
      toastsForFailure(
        call({ status: 400, headers, body: { message: 'error.validation', fieldErrors: [{ field: 'x' }] } }),
      ),
    ).toEqual(['Login name already used!']);
  });

  it('shows each field error with the field capitalised and array indices removed', () => {
    const body = {
      message: 'error.validation',
      fieldErrors: [
        { objectName: 'b', field: 'email', message: 'x' },
        { objectName: 'b', field: 'cells[12].value', message: 'Min' },
      ],
    };
    expect(toastsForFailure(call({ status: 400, body }))).toEqual([
      'Error on field "Email"',
      'Error on field "Cells[].value"',
    ]);
  });

  it('falls back to the body message, then the body', () => {
    expect(toastsForFailure(call({ status: 400, body: { message: 'Bad thing' } }))).toEqual(['Bad thing']);
    expect(toastsForFailure(call({ status: 400, body: 'plain text' }))).toEqual(['plain text']);
  });

  it('says Not found for a 404', () => {
    expect(toastsForFailure(call({ status: 404, body: { message: 'whatever' } }))).toEqual(['Not found']);
  });

  it('translates error.http.401 and stays silent for other 401s', () => {
    expect(
      toastsForFailure(call({ status: 401, url: '/api/authenticate', body: { message: 'error.http.401' } })),
    ).toEqual(['Invalid email/password or your account is not activated.']);
    expect(toastsForFailure(call({ status: 401, body: { message: '' } }))).toEqual([]);
    expect(toastsForFailure(call({ status: 401, url: '/api/account', body: { message: 'error.http.401' } }))).toEqual(
      [],
    );
  });

  it('shows the body message for other statuses, and Internal Error when there is none', () => {
    expect(toastsForFailure(call({ status: 409, body: { message: 'Conflict here' } }))).toEqual(['Conflict here']);
    expect(toastsForFailure(call({ status: 500, body: null }))).toEqual(['Internal Error']);
  });

  it('lets a call supply its own message', () => {
    const own = 'An error has occurred! The password could not be changed.';
    expect(toastsForFailure(call({ status: 400, body: { message: 'x' }, callMessage: own }))).toEqual([own]);
  });

  it('shows Min, Max, DecimalMin and DecimalMax as Size', () => {
    expect(['Min', 'Max', 'DecimalMin', 'DecimalMax', 'Other'].map(displayFieldMessage)).toEqual([
      'Size',
      'Size',
      'Size',
      'Size',
      'Other',
    ]);
  });
});
