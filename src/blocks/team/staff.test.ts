import { describe, expect, it } from 'vitest';
import { staffMember, type StaffMember } from '../../content/entities.ts';
import { categorySlug, groupStaff } from './staff.ts';

let next = 0;
function member(category?: string, name = `Person ${++next}`): StaffMember {
  return staffMember.parse({ id: ++next, slug: `person-${next}`, name, category });
}

const labels = (members: StaffMember[], only?: string[]) => groupStaff(members, only).map((g) => g.label);

describe('staff grouped by category', () => {
  it('orders the categories as spec §3 does, whatever order the CMS lists people in', () => {
    const spec = [
      'Management',
      'Sales',
      'Pre-Owned',
      'Pre-Owned Sales',
      'New Vehicle Sales',
      'Fleet',
      'Finance',
      'Car Buying',
      'Service',
      'Parts',
      'Administration',
    ];
    const shuffled = [...spec].reverse().map((c) => member(c));
    expect(labels(shuffled)).toEqual(spec);
  });

  it('puts categories outside the default order after it, in the order they first appear', () => {
    const people = [
      member('Detailing'),
      member('Sales'),
      member('Accessories'),
      member('Detailing'),
      member('Management'),
    ];
    expect(labels(people)).toEqual(['Management', 'Sales', 'Detailing', 'Accessories']);
  });

  it('puts people with no category last, under "Our Team"', () => {
    const people = [member(undefined), member('Detailing'), member('  '), member('Service')];
    const groups = groupStaff(people);
    expect(groups.map((g) => g.label)).toEqual(['Service', 'Detailing', 'Our Team']);
    expect(groups[2]!.members).toHaveLength(2);
  });

  it('matches categories ignoring case and extra spaces, labelled as first written', () => {
    const people = [member('pre-owned  sales', 'A'), member('Pre-Owned Sales', 'B'), member(' MANAGEMENT ', 'C')];
    const groups = groupStaff(people);
    expect(groups.map((g) => g.label)).toEqual(['MANAGEMENT', 'pre-owned  sales']);
    expect(groups[1]!.members.map((m) => m.name)).toEqual(['A', 'B']);
  });

  it('keeps people in CMS order inside a category', () => {
    const people = [member('Sales', 'Zoe'), member('Sales', 'Adam'), member('Sales', 'Mia')];
    expect(groupStaff(people)[0]!.members.map((m) => m.name)).toEqual(['Zoe', 'Adam', 'Mia']);
  });

  it('shows only the categories a team block asks for, matched loosely', () => {
    const people = [member('Sales'), member('Service'), member('Parts'), member(undefined)];
    expect(labels(people, ['service', ' PARTS '])).toEqual(['Service', 'Parts']);
    expect(labels(people, [])).toEqual(['Sales', 'Service', 'Parts', 'Our Team']);
  });

  it('gives each category a URL-safe tab id', () => {
    expect(categorySlug('Pre-Owned  Sales')).toBe('pre-owned-sales');
    expect(categorySlug('Car Buying & Trade-ins')).toBe('car-buying-trade-ins');
    expect(categorySlug('')).toBe('team');
  });
});
