/**
 * Pages built from a dealer's data when no snapshot provides them: the default model template,
 * and default terms and privacy text.
 */
import { blockDataSchemas, type Block, type BlockType } from '../content/blocks.ts';
import type { Model } from '../content/entities.ts';
import type { Site } from '../content/site.ts';
import { locale } from '../lib/locale.ts';
import { escapeHtml } from '../lib/sanitize.ts';

/** A block as the CMS would write it, parsed by its schema so defaults apply as for snapshots. */
export function block(type: BlockType, data: Record<string, unknown>, index: number): Block {
  return { id: `default-${type}-${index}`, type, data: blockDataSchemas[type].parse(data), tunes: {}, index } as Block;
}

/** Banner, variants (with their features), colours, brochure and enquiry form for a model with no page. */
export function defaultModelBlocks(model: Model): Block[] {
  const blocks: Block[] = [];
  const banner = model.banner?.url ?? model.cloudfront_new_image_url ?? model.image?.url;
  if (banner) {
    blocks.push(
      block(
        'imageBanner',
        {
          image: { url: banner, alt: model.name, width: 1600, height: 600 },
          content: `<h1>${escapeHtml(model.name)}</h1>${model.short_description ? `<p>${escapeHtml(model.short_description)}</p>` : ''}`,
          overlay: { active: true, color: '#000000', opacity: 0.35 },
        },
        blocks.length,
      ),
    );
  } else {
    blocks.push(block('heading', { text: escapeHtml(model.name), level: 1 }, blocks.length));
  }
  // The variant cards list each variant's features (first 8, expandable), so no separate list.
  if (model.model_variants.length) blocks.push(block('modelVariants', { model: model.slug }, blocks.length));
  if (model.colours.length) blocks.push(block('modelColors', { model: model.slug }, blocks.length));
  if (model.brochure_url) {
    blocks.push(
      block(
        'buttons',
        {
          buttons: [{ text: `Download the ${model.name} brochure`, href: model.brochure_url, btnType: 'outline' }],
          alignment: 'center',
        },
        blocks.length,
      ),
    );
  }
  blocks.push(
    block(
      'form',
      {
        formType: 'contact',
        category: 'New Vehicle Enquiry',
        subcategory: model.name,
        heading: `Enquire about the ${model.name}`,
      },
      blocks.length,
    ),
  );
  return blocks;
}

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** Default terms of use, written from the dealer's own details. */
export function defaultTerms(site: Site): LegalSection[] {
  const contact = [site.contact?.phone, site.contact?.email].filter(Boolean).join(' or ');
  const law = locale(site.country).legal.governingLaw(site.state);
  return [
    {
      heading: 'About this website',
      paragraphs: [`This website is operated by ${site.name}. By using it you agree to these terms of use.`],
    },
    {
      heading: 'Vehicle information and prices',
      paragraphs: [
        'Vehicle details, features, specifications and prices are supplied in good faith and may change without notice. Images may show options and accessories that cost extra.',
        'Prices shown are in ' +
          locale(site.country).currency.name +
          '. Please confirm the price, availability and specification of any vehicle with us before you rely on it.',
      ],
    },
    {
      heading: 'Offers and finance',
      paragraphs: [
        'Offers are available for a limited time, while stock lasts, and to approved applicants where finance is involved. Finance estimates from the calculator are a guide only and are not a quote or an offer of credit.',
      ],
    },
    {
      heading: 'Enquiries',
      paragraphs: [
        `When you send an enquiry, booking or application we use your details to respond to you, as described in our privacy policy.${contact ? ` You can reach us on ${contact}.` : ''}`,
      ],
    },
    { heading: 'Governing law', paragraphs: [`These terms are governed by the laws of ${law}.`] },
  ];
}

/** Default privacy policy, written from the dealer's own details. */
export function defaultPrivacy(site: Site): LegalSection[] {
  const act = locale(site.country).legal.privacyAct;
  const contact = [site.contact?.email, site.contact?.phone].filter(Boolean).join(' or ');
  return [
    {
      heading: 'Our commitment',
      paragraphs: [`${site.name} respects your privacy and handles personal information in line with ${act}.`],
    },
    {
      heading: 'What we collect',
      paragraphs: [
        'We collect the details you give us in enquiries, bookings, trade-in and finance applications (such as your name, phone number, email address and vehicle details), and basic information about how you use this website.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'We use your information to respond to your enquiry, arrange test drives, services and finance, and, if you opt in, to send you news and offers. You can opt out at any time.',
        'Where you apply for finance we pass your application to our finance partner so they can assess it.',
      ],
    },
    {
      heading: 'Access and correction',
      paragraphs: [
        `You can ask to see or correct the personal information we hold about you${contact ? ` by contacting us at ${contact}` : ''}.`,
      ],
    },
  ];
}
