/**
 * The API on AWS Lambda (dist/api/lambda.mjs once built), Node.js 22 or newer:
 *
 *   handler: lambda.handler  → API Gateway (REST API v1 and HTTP API v2 payloads), Lambda
 *                              function URLs, and EventBridge "Scheduled Event"s, which deliver
 *                              due leads; one function can do both
 *   handler: lambda.deliver  → only delivers due leads, for a function of its own on a schedule
 *
 * HTTP events go through Hono's own adapter (hono/aws-lambda), which turns an event into a
 * Request and the Response into the result API Gateway and function URLs expect. The client's
 * address is the one the event's request context records (see withPeerAddress).
 */
import { Hono } from 'hono';
import { getConnInfo, handle, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda';
import type { DeliveryRun } from '../runtime.ts';
import { withPeerAddress } from './serverless.ts';
import { deliverDueLeads, handleRequest } from './instance.ts';

/** The fields of an EventBridge schedule's event that tell it from an HTTP event. */
export interface ScheduledEvent {
  source: string;
  'detail-type': string;
}

const proxy = new Hono();
proxy.all('*', (c) => handleRequest(withPeerAddress(c.req.raw, getConnInfo(c).remote.address)));
const http = handle(proxy);

export function isScheduledEvent(event: unknown): event is ScheduledEvent {
  const e = event as Partial<ScheduledEvent> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    e['detail-type'] === 'Scheduled Event' &&
    (e.source === 'aws.events' || e.source === 'aws.scheduler')
  );
}

export async function handler(event: LambdaEvent | ScheduledEvent, context: LambdaContext) {
  if (isScheduledEvent(event)) return deliverDueLeads();
  return http(event, context);
}

/** For a function that only delivers: any event (an EventBridge rule's or a schedule's) will do. */
export function deliver(): Promise<DeliveryRun> {
  return deliverDueLeads();
}
