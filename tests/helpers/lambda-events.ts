/**
 * What AWS Lambda hands the API's handler besides the request: the invocation context, and the
 * EventBridge scheduled event that runs the lead delivery. Shared by the Lambda bundle's tests.
 */
export const lambdaContext = {
  callbackWaitsForEmptyEventLoop: true,
  functionName: 'dealer-api',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:ap-southeast-2:123456789012:function:dealer-api',
  memoryLimitInMB: '1024',
  awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
  logGroupName: '/aws/lambda/dealer-api',
  logStreamName: '2025/01/01/[$LATEST]abcdef',
  getRemainingTimeInMillis: () => 29_000,
};

export const scheduledEvent = {
  version: '0',
  id: '53dc4d37-cffa-4f76-80c9-8b7d4a4d2eaa',
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: '2025-01-01T00:01:00Z',
  region: 'ap-southeast-2',
  resources: ['arn:aws:events:ap-southeast-2:123456789012:rule/deliver-leads'],
  detail: {},
};
