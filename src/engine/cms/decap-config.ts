/**
 * The Decap CMS configuration of a dealer fleet, generated from the content format's own schemas
 * (src/content: the site, pages, every block type, the entity files) and never kept beside them.
 * Each dealer gets four collections: its site settings (site.json), its pages (pages/, sub-folders
 * too), its entity lists (models, offers, team, locations, brands, slides, cars: each file a JSON
 * list) and its reviews (reviews.json, a record by review profile). The admin page registers the
 * `json-list` and `json-record` formats that turn those files into the object Decap edits and
 * back, byte for byte in the format's own JSON layout.
 */
import { blockDefinitions } from '../../content/blocks.ts';
import { entityFiles } from '../../content/entities.ts';
import { pageSchema } from '../../content/page.ts';
import { siteSchema } from '../../content/site.ts';
import { alignment } from '../../content/zod.ts';
import { fieldDocsReader, type FieldDocs } from './field-docs.ts';
import { fieldOf, labelOf, objectFields, type DecapField } from './decap-fields.ts';

/** Child block lists shown as block lists to this depth (a column inside a column); deeper: JSON. */
export const MAX_BLOCK_DEPTH = 2;

/** The files the field docs are read from, relative to the project root. */
export const SCHEMA_FILES = [
  'src/content/blocks.ts',
  'src/content/site.ts',
  'src/content/entities.ts',
  'src/content/page.ts',
];

export interface SchemaDocs {
  blocks: FieldDocs;
  site: FieldDocs;
  entities: FieldDocs;
  page: FieldDocs;
}

/** Reads every schema field's JSDoc (a few seconds: the TypeScript compiler reads the sources). */
export function readSchemaDocs(root: string): SchemaDocs {
  const read = fieldDocsReader(root, SCHEMA_FILES);
  return {
    blocks: read('src/content/blocks.ts', 'blockDefinitions'),
    site: read('src/content/site.ts', 'siteSchema'),
    entities: read('src/content/entities.ts', 'entityFiles'),
    page: read('src/content/page.ts', 'pageSchema'),
  };
}

/** Block types an editor can add: every type of the format (not the preview's stand-in). */
export const editorBlockTypes = Object.keys(blockDefinitions).filter((t) => t !== 'unknownBlock');

/** The list field of a page's (or a block's) child blocks: one variable type per block type. */
export function blockListField(docs: FieldDocs, depth = 1): DecapField {
  const types = editorBlockTypes.map((type): DecapField => {
    const definition = blockDefinitions[type as keyof typeof blockDefinitions];
    const data = objectFields(definition.data, {
      docs,
      at: [type],
      blockList: depth < MAX_BLOCK_DEPTH ? () => blockListField(docs, depth + 1) : undefined,
    });
    return {
      name: type,
      label: labelOf(type),
      widget: 'object',
      collapsed: true,
      fields: [
        {
          name: 'id',
          label: 'Block id',
          widget: 'uuid',
          hint: 'Made for a new block; an existing block keeps its id.',
        },
        // A block type without settings still has its (empty) data object.
        data.length > 0
          ? { name: 'data', label: 'Content', widget: 'object', fields: data }
          : { name: 'data', label: 'Content', widget: 'hidden', default: {} },
        {
          name: 'tunes',
          label: 'Display',
          widget: 'object',
          required: false,
          collapsed: true,
          fields: [
            { name: 'classname', label: 'CSS class', widget: 'string', required: false },
            {
              name: 'alignment',
              label: 'Alignment',
              widget: 'select',
              required: false,
              options: [...alignment.options],
            },
          ],
        },
      ],
    };
  });
  return { name: 'blocks', label: 'Blocks', widget: 'list', types, typeKey: 'type', summary: '{{type}}' };
}

export interface DecapCollection {
  name: string;
  label: string;
  label_singular?: string;
  folder?: string;
  files?: { name: string; label: string; file: string; fields: DecapField[] }[];
  extension?: string;
  format?: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  nested?: { depth: number };
  media_folder?: string;
  public_folder?: string;
  fields?: DecapField[];
}

export interface DecapConfig {
  load_config_file: false;
  backend: Record<string, unknown>;
  publish_mode?: 'editorial_workflow';
  media_folder: string;
  public_folder: string;
  site_url?: string;
  display_url?: string;
  collections: DecapCollection[];
}

export interface DealerRef {
  slug: string;
  name: string;
  /** The dealer's preview address, for "View live" links. */
  previewUrl?: string;
}

export interface ConfigOptions {
  dealers: DealerRef[];
  /** Where the dealers' folders are, relative to the repository root the CMS writes in. */
  dealersDir: string;
  /** The Decap backend: the local proxy (decap-server) by default. */
  backend: Record<string, unknown>;
  /** Each save is a branch to review (`cms/…`), published by merging it. */
  editorialWorkflow: boolean;
  docs: SchemaDocs;
}

/** The whole configuration, ready for `CMS.init({ config })`. */
export function decapConfig(o: ConfigOptions): DecapConfig {
  const blocks = blockListField(o.docs.blocks);
  const pageFields = objectFields(pageSchema, { docs: o.docs.page, at: [] }).map((f) =>
    f.name === 'blocks' ? { ...blocks, hint: f.hint } : f,
  );
  const siteFields = objectFields(siteSchema, { docs: o.docs.site, at: [] });
  const collections = o.dealers.flatMap((d) => dealerCollections(d, o, pageFields, siteFields));
  return {
    load_config_file: false,
    backend: o.backend,
    ...(o.editorialWorkflow ? { publish_mode: 'editorial_workflow' as const } : {}),
    media_folder: 'public/media',
    public_folder: '/media',
    collections,
  };
}

function dealerCollections(
  d: DealerRef,
  o: ConfigOptions,
  pageFields: DecapField[],
  siteFields: DecapField[],
): DecapCollection[] {
  const folder = `${o.dealersDir}/${d.slug}`;
  const media = { media_folder: `/public/media/${d.slug}`, public_folder: `/media/${d.slug}` };
  const lists = Object.entries(entityFiles).filter(([name]) => name !== 'reviews');
  return [
    {
      name: `${d.slug}_site`,
      label: `${d.name}: site`,
      format: 'json',
      ...media,
      files: [
        {
          name: 'site',
          label: 'Site settings, contact, theme and menus',
          file: `${folder}/site.json`,
          fields: siteFields,
        },
      ],
    },
    {
      name: `${d.slug}_pages`,
      label: `${d.name}: pages`,
      label_singular: 'page',
      folder: `${folder}/pages`,
      extension: 'json',
      format: 'json',
      create: true,
      delete: true,
      nested: { depth: 6 },
      slug: '{{slug}}',
      identifier_field: 'title',
      summary: '{{path}}: {{title}}',
      ...media,
      fields: pageFields,
    },
    {
      name: `${d.slug}_lists`,
      label: `${d.name}: team, locations, models, offers…`,
      format: 'json-list',
      ...media,
      files: lists.map(([name, entity]) => ({
        name,
        label: labelOf(name),
        file: `${folder}/${entity.file}`,
        fields: [fieldOf('items', entity.schema, { docs: o.docs.entities, at: [name, 'schema'] })].map((f) => ({
          ...f,
          label: labelOf(name),
          required: false,
        })),
      })),
    },
    {
      name: `${d.slug}_reviews`,
      label: `${d.name}: reviews`,
      format: 'json-record',
      files: [
        {
          name: 'reviews',
          label: 'Reviews by profile',
          file: `${folder}/${entityFiles.reviews.file}`,
          fields: [reviewsField(o.docs.entities)],
        },
      ],
    },
  ];
}

/** reviews.json is a record by review profile: edited as a list of { key, …summary }. */
function reviewsField(docs: FieldDocs): DecapField {
  const summary = fieldOf('item', entityFiles.reviews.schema.valueType, { docs, at: ['reviews', 'schema', '{}'] });
  return {
    name: 'items',
    label: 'Review profiles',
    widget: 'list',
    required: false,
    collapsed: true,
    fields: [
      {
        name: 'key',
        label: 'Review profile id',
        widget: 'string',
        hint: 'The profile id the site names in integrations.reviewsGmbIds and its locations.',
      },
      ...(summary.fields ?? []),
    ],
  };
}
