import { describe, expect, it } from 'vitest';
import { machineCsv, spreadsheetCsv, spreadsheetDecimal, spreadsheetFields } from './csv';

describe('spreadsheet CSV', () => {
  it('quotes separators, quotes and line breaks, and neutralises formulas', () => {
    expect(spreadsheetFields(['plain'], 'de')).toBe('plain');
    expect(spreadsheetFields(['a;b'], 'de')).toBe('"a;b"');
    expect(spreadsheetFields(['a;b'], 'en')).toBe('a;b');
    expect(spreadsheetFields(['a,b'], 'en')).toBe('"a,b"');
    expect(spreadsheetFields(['say "hi"'], 'en')).toBe('"say ""hi"""');
    expect(spreadsheetFields(['two\nlines'], 'en')).toBe('"two\nlines"');
    expect(spreadsheetFields(['two\r\nlines'], 'de')).toBe('"two\r\nlines"');
    expect(spreadsheetFields(['=SUM(A1)'], 'en')).toBe("'=SUM(A1)");
    expect(spreadsheetFields(['@cmd', '+1+1', '-1+1'], 'en')).toBe("'@cmd,'+1+1,'-1+1");
    expect(spreadsheetFields(['=a;b'], 'de')).toBe(`"'=a;b"`);
  });

  it('neutralises the full-width formula characters and text that looks like a signed number too', () => {
    expect(spreadsheetFields(['＝SUM(A1)'], 'en')).toBe("'＝SUM(A1)");
    // Before csv-stringify text that Number() could read was left alone: only numbers are now.
    expect(spreadsheetFields(['-5', '+5'], 'en')).toBe("'-5,'+5");
  });

  it('writes numbers with the decimal mark of the language and never neutralises them', () => {
    expect(spreadsheetFields([-12.5, 55.5, 3], 'en')).toBe('-12.5,55.5,3');
    // Before csv-stringify a negative German number was neutralised to '-12,5, text to Excel.
    expect(spreadsheetFields([-12.5, 55.5, 3], 'de')).toBe('-12,5;55,5;3');
    expect(spreadsheetDecimal('-1234.500', 'de')).toBe('-1234,500');
    expect(spreadsheetDecimal('1234.500', 'en')).toBe('1234.500');
  });

  it('writes a byte-order mark, CR LF after every line and null as an empty field', () => {
    expect(
      spreadsheetCsv(
        [
          ['Name', 'SoC (%)'],
          ['Nord', null],
        ],
        'de',
      ),
    ).toBe('\uFEFFName;SoC (%)\r\nNord;\r\n');
  });
});

describe('machine CSV', () => {
  it('writes commas, CR LF, RFC 4180 quoting, numbers as JavaScript writes them and no formula guard', () => {
    expect(
      machineCsv([
        ['a', 1e-7, 1234.567891, null, '-5', 'x,y', 'say "hi"', 'two\nlines'],
        ['b', 0.06, -1, '', '=1', '', '', ''],
      ]),
    ).toBe('a,1e-7,1234.567891,,-5,"x,y","say ""hi""","two\nlines"\r\nb,0.06,-1,,=1,,,\r\n');
  });
});
