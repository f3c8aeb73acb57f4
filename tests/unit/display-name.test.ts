import { describe, expect, it } from 'vitest';
import { displayNameOf, nameFromEmail } from '../../src/lib/display-name';

describe('display name (spec §4)', () => {
  it('uses first and last name from the users row', () => {
    expect(displayNameOf({ first_name: 'Maria', last_name: 'Gonzalez' }, 'super@lincoln-isd.test')).toBe('Maria Gonzalez');
    expect(displayNameOf({ first_name: 'Maria', last_name: null }, 'super@lincoln-isd.test')).toBe('Maria');
  });
  it('falls back to the email local part: split on dots, underscores and hyphens, each piece capitalized', () => {
    expect(nameFromEmail('jane.doe@x.test')).toBe('Jane Doe');
    expect(nameFromEmail('mary_ann-smith@x.test')).toBe('Mary Ann Smith');
    expect(nameFromEmail('JOHN..SMITH@x.test')).toBe('John Smith');
    expect(nameFromEmail('officer@lincoln-isd.test')).toBe('Officer');
    expect(displayNameOf(null, 'jane.doe@x.test')).toBe('Jane Doe');
    expect(displayNameOf({ first_name: ' ', last_name: '' }, 'jane.doe@x.test')).toBe('Jane Doe');
  });
  it('prefers the email stored on the users row for the fallback', () => {
    expect(displayNameOf({ first_name: null, last_name: null, email: 'pat.lee@x.test' }, 'other@x.test')).toBe('Pat Lee');
  });
});
