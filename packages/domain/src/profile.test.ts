import { describe, expect, it } from 'vitest';
import {
  birthdateError,
  dateOfBirthError,
  editProfileSchema,
  INTEREST_OPTIONS,
  nameError,
  onboardingProfileSchema,
  profileCompleteness,
} from './index.ts';

const today = new Date(Date.UTC(2026, 10, 23));

describe('onboarding name', () => {
  it('trims, then needs 2 to 50 characters', () => {
    expect(nameError('   ')).toBe('Name is required');
    expect(nameError(' A ')).toBe('Name must be at least 2 characters');
    expect(nameError(' Al ')).toBeNull();
    expect(nameError('x'.repeat(50))).toBeNull();
    expect(nameError('x'.repeat(51))).toBe('Name must be less than 50 characters');
  });
});

describe('birthdates', () => {
  it('onboarding: required, 18 to 100 years', () => {
    expect(birthdateError('', today)).toBe('Birthdate is required');
    expect(birthdateError('2008-11-23', today)).toBeNull();
    expect(birthdateError('2008-11-24', today)).toBe('You must be at least 18 years old');
    expect(birthdateError('1926-11-23', today)).toBeNull();
    expect(birthdateError('1925-11-22', today)).toBe('Please enter a valid birthdate');
    expect(birthdateError('2001-02-30', today)).toBe('You must be at least 18 years old');
  });

  it('edit profile: optional, with its own over-100 text', () => {
    expect(dateOfBirthError(null, today)).toBeNull();
    expect(dateOfBirthError('2010-01-01', today)).toBe('You must be at least 18 years old');
    expect(dateOfBirthError('1900-01-01', today)).toBe('Please enter a valid date of birth');
  });
});

describe('profile schemas', () => {
  it('onboarding profile trims the name and refuses unknown keys', () => {
    expect(onboardingProfileSchema.parse({ name: ' Ann Lee ', dob: '1990-01-01' })).toEqual({
      name: 'Ann Lee',
      dob: '1990-01-01',
    });
    expect(
      onboardingProfileSchema.safeParse({ name: 'Ann', dob: '1990-01-01', x: 1 }).success,
    ).toBe(false);
  });

  it('edit profile deduplicates interests and accepts only listed ones', () => {
    expect(editProfileSchema.parse({ interests: ['Music', 'Music', 'DIY'] }).interests).toEqual([
      'Music',
      'DIY',
    ]);
    expect(editProfileSchema.safeParse({ interests: ['Knitting'] }).success).toBe(false);
    expect(INTEREST_OPTIONS).toContain('Cars');
  });
});

describe('profile completeness', () => {
  it('weighs name 40, photo 40, interests 20', () => {
    expect(profileCompleteness({ name: null, hasPhoto: false, interests: [] })).toBe(0);
    expect(profileCompleteness({ name: ' ', hasPhoto: true, interests: [] })).toBe(40);
    expect(profileCompleteness({ name: 'Al', hasPhoto: true, interests: ['Art'] })).toBe(100);
    expect(profileCompleteness({ name: 'Al', hasPhoto: false, interests: ['Art'] })).toBe(60);
  });
});
