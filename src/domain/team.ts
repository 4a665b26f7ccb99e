/**
 * An enquiry to one team member (spec §2 team-member-enquiry): its lead category and its form,
 * which the profile page shows (src/domain/pages.ts). Kept apart from the page models so that the
 * form island can read the category without them.
 */
import type { FormBlockData } from '../content/forms.ts';

/** The lead category of an enquiry to one team member (its thank-you page names the member). */
export const TEAM_MEMBER_CATEGORY = 'Team Member Enquiry';

/**
 * The block data of an enquiry to one team member, as on their profile page: a contact form in
 * the team-member category whose hidden `user` field carries the member's name to the lead and
 * the thank-you page.
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
