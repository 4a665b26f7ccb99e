/**
 * Block HTML for assertions: rendered through the real registry (./render.ts) with Astro's
 * style-scope attributes removed, since they say nothing about what a visitor gets.
 */
import { readFileSync } from 'node:fs';
import { HtmlValidate, type ConfigData } from 'html-validate';
import * as base from './render.ts';

const unscoped = (html: string) => html.replace(/ data-astro-cid-\w+(="[^"]*")?/g, '');

export async function renderBlock(...args: Parameters<typeof base.renderBlock>): Promise<string> {
  return unscoped(await base.renderBlock(...args));
}

export async function renderBlocks(...args: Parameters<typeof base.renderBlocks>): Promise<string> {
  return unscoped(await base.renderBlocks(...args));
}

/** A block's own markup, without BlockList's wrapper around it. */
export function inner(html: string): string {
  return html
    .trim()
    .replace(/^<div class="block[^"]*">/, '')
    .replace(/<\/div>$/, '')
    .trim();
}

export function count(html: string, needle: string): number {
  return html.split(needle).length - 1;
}

/** Visible-ish text: tags and comments removed, white space folded. */
export function text(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The JSON-LD objects of every `<script type="application/ld+json">` in the HTML. */
export function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // The spec asks for autoplaying (muted, looping) video blocks.
    'no-autoplay': 'off',
    // Blocks pass computed CSS custom properties (spans, colours) through style attributes.
    'no-inline-style': 'off',
  },
});

/** html-validate's messages for a fragment of block HTML ([] when valid). */
export async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
}

/**
 * The project's html-validate rules, and React's camelCase names for case-insensitive attributes
 * (autoComplete, inputMode, noValidate), which are valid HTML. The island loader's <style> and
 * <script>, which the page build moves out of the block, are left out.
 */
export async function pageProblems(html: string): Promise<string[]> {
  const config = JSON.parse(readFileSync('.htmlvalidate.json', 'utf8')) as ConfigData;
  config.rules = { ...config.rules, 'attr-case': ['error', { style: ['lowercase', 'camelcase'] }] };
  const report = await new HtmlValidate(config).validateString(html.replace(/<(style|script)>[\s\S]*?<\/\1>/g, ''));
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
}
