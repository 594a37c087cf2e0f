import { describe, expect, it } from 'vitest';
import { languageOf, translate } from './messages';

describe('languageOf', () => {
  it.each(['de', 'de-DE', 'de-DE,de;q=0.9', 'de-AT,en;q=0.5', ' DE-ch '])('takes %j as German', (header) => {
    expect(languageOf(header)).toBe('de');
  });

  it.each(['en-US', 'en', '', undefined, 'fr', 'fr-FR,de;q=0.9', '*', 'dk'])('takes %j as English', (header) => {
    expect(languageOf(header)).toBe('en');
  });
});

describe('translate', () => {
  it('picks the language and fills in the values', () => {
    expect(translate('en', 'errors.siteNotFound', { id: 7 })).toBe('Operating site 7 does not exist.');
    expect(translate('de', 'errors.siteNotFound', { id: 7 })).toBe('Die Betriebsstätte 7 gibt es nicht.');
    expect(translate('en', 'errors.notFound', { method: 'GET', url: '/x' })).toBe('There is nothing at GET /x.');
  });

  it('knows the shared validation messages of the contracts', () => {
    expect(translate('en', 'validation.below', { n: 5 })).toBe('Value must be below 5');
    expect(translate('de', 'validation.fieldRequired', { field: 'Name' })).toBe('Name ist erforderlich');
  });

  it('leaves a missing value empty instead of printing the placeholder', () => {
    expect(translate('en', 'errors.siteNotFound')).toBe('Operating site  does not exist.');
  });
});
