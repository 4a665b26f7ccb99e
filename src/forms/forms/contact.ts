/**
 * The contact form (spec §5: name, mobile phone and email required) and its team-member variant,
 * which carries the team member's name in a hidden `user` field for the thank-you page.
 */
import type { FormBlockData } from '../../content/forms.ts';
import type { FormBase, FormContext } from '../definition.ts';
import { contactFields, field, locationChoice, messageField } from '../fields.ts';
import { categorySlug } from './events.ts';

export const TEAM_MEMBER_CATEGORY = 'Team Member Enquiry';

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

/**
 * The block data of an enquiry to one team member, e.g. on their profile page. The member's name
 * travels in the hidden `user` field.
 */
export function teamMemberFormData(member: { name: string }, heading = `Send ${member.name} a message`): FormBlockData {
  const none = {
    label: undefined,
    placeholder: undefined,
    options: undefined,
    required: undefined,
    stepKey: undefined,
    bookingType: undefined,
  };
  return {
    formType: 'contact',
    type: 'single',
    category: TEAM_MEMBER_CATEGORY,
    subcategory: undefined,
    heading,
    description: undefined,
    formSteps: [],
    fields: [{ ...none, name: 'user', type: 'hidden', defaultValue: member.name }],
  };
}
