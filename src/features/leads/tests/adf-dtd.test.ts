/**
 * The ADF 1.0 DTD fixture and the validator that judges the platform's ADF with it: valid
 * documents pass, and each kind of mistake is reported with its line.
 */
import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADF_DTD, describeProblems, validateWithDtd, withDoctype } from '../../../../tests/helpers/xml-dtd.ts';

const head = '<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n';
const vendor =
  '<vendor><vendorname>Mini Motors</vendorname><contact><name part="full" type="business">Mini Motors</name><phone>(02) 9555 0100</phone></contact></vendor>';
const customer =
  '<customer><contact><name part="first">Sam</name><name part="last">Lee</name><email>sam@example.com</email><phone type="cellphone">0412 345 678</phone></contact><comments>Call after 5</comments></customer>';

/** A prospect with `vehicle` and `people` (customer and vendor) in place; each on its own line. */
function doc(vehicle: string, people = `${customer}\n${vendor}`): string {
  return `${head}<adf>\n<prospect status="new">\n<id sequence="1" source="dealer-sites">L1</id>\n<requestdate>2025-03-01T20:00:00+11:00</requestdate>\n${vehicle}\n${people}\n</prospect>\n</adf>\n`;
}

const goodVehicle =
  '<vehicle interest="trade-in" status="used"><id source="rego">ABC123</id><year>2016</year><make>Toyota</make><model>HiLux</model>' +
  '<odometer units="km">145000</odometer><price type="appraisal" currency="AUD">28500</price><comments>Rego: ABC123</comments></vehicle>';

describe('the ADF 1.0 DTD and its validator', () => {
  it('accepts a valid document, and one with every optional part the platform writes', async () => {
    const full = doc(
      `${goodVehicle}\n<vehicle interest="buy" status="new"><id source="dealer-sites-car">7</id><year>2025</year><make>Toyota</make><model>RAV4</model>` +
        '<vin>JTMUYNZW8HCN3N5SD</vin><stock>CMG04017</stock><trim>GX</trim><bodystyle>SUV</bodystyle><transmission>CVT</transmission>' +
        '<odometer units="km">10</odometer><colorcombination><exteriorcolor>White</exteriorcolor><preference>1</preference></colorcombination>' +
        '<price type="asking" currency="AUD">45990</price><finance><method>finance</method><amount type="total" limit="maximum" currency="AUD">30000</amount></finance></vehicle>',
      `${customer}\n${vendor}\n<provider><name part="full" type="business">Dealer Sites</name><service>Trade In Enquiry</service><url>https://www.minimotors.com.au</url></provider>`,
    );
    const results = await validateWithDtd([
      { name: 'plain', xml: doc(goodVehicle) },
      { name: 'full', xml: full },
    ]);
    expect(
      results.map((r) => r.valid),
      describeProblems(results),
    ).toEqual([true, true]);
  });

  it('reports each invalid document with the line of its mistake', async () => {
    const results = await validateWithDtd([
      { name: 'service interest', xml: doc(goodVehicle.replace('interest="trade-in"', 'interest="service"')) },
      { name: 'empty vehicle', xml: doc('<vehicle interest="buy"></vehicle>') },
      { name: 'no vehicle', xml: doc('') },
      {
        name: 'phone before email',
        xml: doc(
          goodVehicle,
          customer.replace(
            '<email>sam@example.com</email><phone type="cellphone">0412 345 678</phone>',
            '<phone>0412 345 678</phone><email>sam@example.com</email>',
          ) + vendor,
        ),
      },
      {
        name: 'contact without email or phone',
        xml: doc(goodVehicle, customer.replace(/<email>.*<\/phone>/, '') + vendor),
      },
      { name: 'odometer in miles spelt out', xml: doc(goodVehicle.replace('units="km"', 'units="miles"')) },
      {
        name: 'year after make',
        xml: doc(goodVehicle.replace('<year>2016</year><make>Toyota</make>', '<make>Toyota</make><year>2016</year>')),
      },
      { name: 'unknown element', xml: doc(goodVehicle.replace('<comments>', '<rego>ABC123</rego><comments>')) },
      { name: 'not well-formed', xml: doc(goodVehicle).replace('</prospect>', '</prospekt>') },
    ]);
    expect(results.map((r) => [r.name, r.valid])).toEqual(results.map((r) => [r.name, false]));
    const first = (name: string) => results.find((r) => r.name === name)!.problems[0]!;
    expect(first('service interest')).toMatchObject({
      severity: 'error',
      line: 7,
      message: expect.stringContaining('interest'),
    });
    expect(first('empty vehicle')).toMatchObject({
      severity: 'error',
      line: 7,
      message: expect.stringContaining('"vehicle"'),
    });
    expect(first('contact without email or phone')).toMatchObject({
      line: 8,
      message: expect.stringContaining('"contact"'),
    });
    expect(first('not well-formed')).toMatchObject({ severity: 'fatal' });
  });

  it('judges documents without a DOCTYPE against the ADF DTD, keeping their line numbers', async () => {
    const xml = doc('<vehicle interest="buy"></vehicle>');
    expect(withDoctype(xml, ADF_DTD, 'adf').split('\n')).toHaveLength(xml.split('\n').length);
    expect(withDoctype(xml, ADF_DTD, 'adf')).toContain(
      '<?adf version="1.0"?>\n<!DOCTYPE adf SYSTEM "adf-1.0.dtd"><adf>',
    );
    const [wrongRoot] = await validateWithDtd([`${head}<prospect/>`]);
    expect(wrongRoot!.valid).toBe(false);
  });

  it('fails, saying Java 17 is needed, when there is no java to run', async () => {
    await expect(
      validateWithDtd([doc(goodVehicle)], { java: path.join(tmpdir(), 'no-such-dir', 'java') }),
    ).rejects.toThrow(/Java 17 or newer is needed to validate XML against its DTD/);
  });

  it('holds the published grammar with its typing errors corrected, each listed; as published it cannot be read', async () => {
    const dtd = await readFile(ADF_DTD, 'utf8');
    expect(dtd.replace(/<!--[\s\S]*?-->/g, '')).not.toMatch(/[“”]/);
    expect(dtd).toContain('<!ELEMENT option (optionname, manufacturercode?, stock?, weighting?, price?)>');
    expect(dtd).toContain('<!ELEMENT comments (#PCDATA)>');
    expect(dtd).toContain('<!ELEMENT contact (name+, ((email | phone+) | (email, phone+)), address?)>');
    const corrections = dtd.slice(0, dtd.indexOf('-->')).match(/^\s+\d\. /gm);
    expect(corrections).toHaveLength(5);
    // The same grammar with the published errors put back: no document can be validated against it.
    const published = dtd
      .replace('status (new | resend) "new"', 'status (new | resend) “new”')
      .replace('weighting?, price?', 'weighting price?')
      .replace('<!ELEMENT comments (#PCDATA)>', '<!ELEMENT comments (PCDATA)>');
    const dir = await mkdtemp(path.join(tmpdir(), 'adf-published-'));
    try {
      const file = path.join(dir, 'adf-1.0.dtd');
      await writeFile(file, published);
      const [result] = await validateWithDtd([doc(goodVehicle)], { dtd: file });
      expect(result!.problems.some((p) => p.severity === 'fatal')).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
