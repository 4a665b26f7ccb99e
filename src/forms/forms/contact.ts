/**
 * The contact form (spec §5: name, mobile phone and email required) and its team-member variant,
 * which carries the team member's name in a hidden `user` field for the thank-you page.
 */
import type { FormBlockData } from '../../content/forms.ts';
import { TEAM_MEMBER_CATEGORY } from '../../domain/team.ts';
import type { FormBase, FormContext } from '../types.ts';
import { contactFields, field, messageField } from '../fields.ts';
import { locationChoice } from '../dealer-choices.ts';
import { categorySlug } from '../events.ts';

export function contactForm(ctx: FormContext, data: FormBlockData): FormBase {
  const teamMember = categorySlug(data.category) === categorySlug(TEAM_MEMBER_CATEGORY);
  // A dealer with one location needs no choice; with several the visitor must pick one.
  const location = ctx.locations.length > 1 ? locationChoice(ctx.locations) : [];
  return {
    steps: [
      {
        key: 'contact',
        heading: 'Contact Details',
        fields: [
          ...contactFields(ctx),
          ...location,
          messageField(),
          ...(teamMember ? [field('user', 'hidden', 'Team member')] : []),
        ],
        rules: [],
      },
    ],
  };
}
