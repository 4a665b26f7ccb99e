/**
 * The CMS admin page's own script, loaded after Decap CMS's bundle (which sets window.CMS,
 * window.createClass and window.h). It registers what the content format needs beyond Decap's
 * built-ins, then starts the CMS with the configuration generated from the content schemas
 * (src/engine/cms/decap-config.ts, served as ./config.json):
 * - `json`: the format's JSON layout (two spaces, a final newline), as the snapshots are written;
 * - `json-list`: a file that is a JSON list (team.json, locations.json …) edited as { items };
 * - `json-record`: reviews.json, a record by review profile, edited as a list of { key, … };
 * - the `json` widget: a free-form value (a custom component's props, deeply nested blocks) as
 *   JSON text, refused until it parses;
 * - a preview of each page: the editor preview (`npm run dev`) of the saved page beside the form.
 */
/* global CMS, createClass, h */
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- see the line below
// @ts-nocheck -- a browser script on Decap's globals, which ship no types; the CMS test drives it.

/**
 * Decap keeps an entry in immutable maps that lose their keys' order, so each object is written
 * back in its schema's field order: the field list of the configuration that holds most of its
 * keys (the smaller on a tie); keys no field names (extra fields the format allows) follow in
 * the order they came. A file that was in the schema's order changes only where it was edited.
 */
const fieldOrders = [];
function collectOrders(fields) {
  if (!fields) return;
  const names = fields.map((f) => f.name);
  if (!fieldOrders.some((o) => o.join() === names.join())) fieldOrders.push(names);
  for (const f of fields) {
    collectOrders(f.fields);
    if (f.field) collectOrders([f.field]);
    for (const type of f.types ?? []) {
      const [first, ...rest] = type.fields;
      collectOrders([first, { name: f.typeKey ?? 'type' }, ...rest]);
    }
  }
}
function bestOrder(keys) {
  let best = null;
  let score = 0;
  for (const order of fieldOrders) {
    const s = keys.filter((k) => order.includes(k)).length;
    if (s > score || (s === score && best && order.length < best.length)) [best, score] = [order, s];
  }
  return best;
}
function inSchemaOrder(value) {
  if (Array.isArray(value)) return value.map(inSchemaOrder);
  if (!value || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  const order = bestOrder(keys) ?? [];
  const rank = (k) => (order.includes(k) ? order.indexOf(k) : order.length + keys.indexOf(k));
  return Object.fromEntries([...keys].sort((a, b) => rank(a) - rank(b)).map((k) => [k, inSchemaOrder(value[k])]));
}
const layout = (value) => JSON.stringify(inSchemaOrder(value), null, 2) + '\n';
const plain = (value) => (value && typeof value.toJS === 'function' ? value.toJS() : value);

/** A file that does not exist yet (an optional entity file) reads as empty. */
const parse = (text, empty) => (text.trim() === '' ? empty : JSON.parse(text));

CMS.registerCustomFormat('json', 'json', { fromFile: (text) => parse(text, {}), toFile: (value) => layout(value) });
CMS.registerCustomFormat('json-list', 'json', {
  fromFile: (text) => ({ items: parse(text, []) }),
  toFile: (value) => layout(value.items ?? []),
});
CMS.registerCustomFormat('json-record', 'json', {
  fromFile: (text) => ({ items: Object.entries(parse(text, {})).map(([key, v]) => ({ key, ...v })) }),
  toFile: (value) => layout(Object.fromEntries((value.items ?? []).map(({ key, ...summary }) => [key, summary]))),
});

const JsonControl = createClass({
  getInitialState() {
    const value = plain(this.props.value);
    return { text: value === undefined || value === null ? '' : JSON.stringify(value, null, 2), error: '' };
  },
  isValid() {
    return this.state.error ? { error: { message: this.state.error } } : true;
  },
  handleChange(event) {
    const text = event.target.value;
    if (text.trim() === '') {
      this.setState({ text, error: '' });
      this.props.onChange(undefined);
      return;
    }
    try {
      const value = JSON.parse(text);
      this.setState({ text, error: '' });
      this.props.onChange(value);
    } catch (err) {
      this.setState({ text, error: `Not valid JSON yet: ${err.message}` });
    }
  },
  render() {
    return h(
      'div',
      { className: this.props.classNameWrapper },
      h('textarea', {
        id: this.props.forID,
        value: this.state.text,
        onChange: this.handleChange,
        rows: 8,
        spellCheck: false,
        style: { width: '100%', fontFamily: 'monospace', fontSize: '13px', border: 0, outline: 0 },
      }),
      this.state.error
        ? h('p', { role: 'alert', style: { color: '#b00020', margin: '4px 0 0' } }, this.state.error)
        : null,
    );
  },
});
const JsonPreview = createClass({
  render() {
    return h('pre', null, JSON.stringify(plain(this.props.value), null, 2));
  },
});
CMS.registerWidget('json', JsonControl, JsonPreview);

const response = await fetch('./config.json');
const { config, previews } = await response.json();
for (const collection of config.collections) {
  collectOrders(collection.fields);
  for (const file of collection.files ?? []) collectOrders(file.fields);
}

for (const { collection, origin } of previews) {
  const PagePreview = createClass({
    render() {
      const path = this.props.entry.getIn(['data', 'path']) || '/';
      return h(
        'div',
        { style: { fontFamily: 'system-ui, sans-serif', height: '100%' } },
        h(
          'p',
          { style: { margin: '0 0 8px', fontSize: '13px' } },
          `Editor preview of ${path} as last saved: save to see a change.`,
        ),
        h('iframe', {
          title: `Preview of ${path}`,
          src: origin + path,
          style: { width: '100%', height: '85vh', border: '1px solid #ccc' },
        }),
      );
    },
  });
  CMS.registerPreviewTemplate(collection, PagePreview);
}

// Going from one entry's editor straight to another's by its address (typed, or history) keeps
// the first entry's draft in Decap's editor: the second would be shown, and saved, with the
// first one's values. A fresh load opens it as it is on disk.
const isEntry = (url) => /#\/collections\/[^/]+\/entries\//.test(new URL(url).hash);
window.addEventListener('hashchange', (event) => {
  if (isEntry(event.oldURL) && isEntry(event.newURL)) window.location.reload();
});

CMS.init({ config });
