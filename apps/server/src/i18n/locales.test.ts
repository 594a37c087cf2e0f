import { itHasLocaleParity } from '@cbm/contracts/testing/locale-parity';
import { describe } from 'vitest';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };

describe('server locales', () => {
  itHasLocaleParity(en, de);
});
